/**
 * How the gazetteer is cut into lazy chunks, shared by the build (web/build/gazetteer.ts) and
 * the search: a place is in the chunk of each of its words' first letters, so a search reads
 * only the chunk of its text's first letter (≈ 1/26 of the cities) and still finds a name by
 * any of its words.
 */

/** Lower case without accents, so "zurich" finds Zürich and "cakovec" Čakovec. */
export const foldText = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

/** The chunks: a–z, and "_" for names whose word starts with anything else. */
export const GAZETTEER_BUCKETS = [..."abcdefghijklmnopqrstuvwxyz", "_"] as const;

/** The chunk of a text by its first character. */
export const bucketOf = (text: string) => {
  const first = foldText(text).charAt(0);
  return first >= "a" && first <= "z" ? first : "_";
};

/** The chunks a place name is in: one per word (words split on spaces and hyphens). */
export const bucketsOf = (name: string) => [
  ...new Set(
    foldText(name)
      .split(/[\s-]+/)
      .filter(Boolean)
      .map(bucketOf),
  ),
];

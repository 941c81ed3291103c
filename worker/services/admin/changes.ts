import type { FieldChange } from "../../../contracts/admin/schema.ts";

/** At most this many changed values are listed per audited change. */
export const MAX_CHANGES = 50;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The values that differ between two JSON documents, as JSON paths (`template.configurable_options.0.name`)
 * with their values before and after (undefined: absent). Objects and arrays are compared member by
 * member; a value that changed kind (object → string) is one change. At most `max` are listed;
 * `truncated` says there were more.
 */
export function documentChanges(
  before: unknown,
  after: unknown,
  max = MAX_CHANGES,
): { changes: FieldChange[]; truncated: boolean } {
  const changes: FieldChange[] = [];
  let truncated = false;
  const walk = (a: unknown, b: unknown, path: string[]) => {
    if (truncated) return;
    const bothObjects = isObject(a) && isObject(b);
    const bothArrays = Array.isArray(a) && Array.isArray(b);
    if (bothObjects || bothArrays) {
      const keys = bothArrays
        ? Array.from({ length: Math.max(a.length, b.length) }, (_, i) => String(i))
        : [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])];
      for (const key of keys) {
        walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], [...path, key]);
      }
      return;
    }
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    if (changes.length >= max) {
      truncated = true;
      return;
    }
    changes.push({ path: path.join("."), before: a, after: b });
  };
  walk(before, after, []);
  return { changes, truncated };
}

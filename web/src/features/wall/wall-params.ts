/**
 * The wall's URL: `/wall?rotate=30&group=…&location=…&theme=light&view=problems`,
 * and `?display=SECRET` once, when a display link opens it. Pure: parsed from the search string.
 */

export const WALL_VIEW_KINDS = ["overview", "problems", "screens", "groups"] as const;
export type WallViewKind = (typeof WALL_VIEW_KINDS)[number];

export type WallParams = {
  /** Time per view in ms; 0 = no rotation. */
  rotateMs: number;
  group: string | null;
  location: string | null;
  /** Dark unless `?theme=light` asks otherwise. */
  theme: "dark" | "light";
  /** `?view=`: only this kind of view (no rotation among the others). */
  view: WallViewKind | null;
};

export const DEFAULT_ROTATE_S = 30;
const MIN_ROTATE_S = 5;
const MAX_ROTATE_S = 3600;

/** `?rotate=` in seconds: 0 turns rotation off, other values are held to 5 s … 1 h, anything else is the default. */
function rotateMs(value: string | null): number {
  if (value === null || value.trim() === "") return DEFAULT_ROTATE_S * 1000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0) return DEFAULT_ROTATE_S * 1000;
  if (seconds === 0) return 0;
  return Math.round(Math.min(MAX_ROTATE_S, Math.max(MIN_ROTATE_S, seconds)) * 1000);
}

const text = (value: string | null) => (value?.trim() ? value.trim() : null);

export function parseWallParams(search: string | URLSearchParams): WallParams {
  const q = typeof search === "string" ? new URLSearchParams(search) : search;
  const view = q.get("view");
  return {
    rotateMs: rotateMs(q.get("rotate")),
    group: text(q.get("group")),
    location: text(q.get("location")),
    theme: q.get("theme") === "light" ? "light" : "dark",
    view: (WALL_VIEW_KINDS as readonly string[]).includes(view ?? "") ? (view as WallViewKind) : null,
  };
}

/**
 * Takes `?display=` out of a URL (the secret must not stay in the address bar, the history or
 * a screenshot): the secret, and the same URL without it.
 */
export function takeDisplaySecret(href: string): { secret: string | null; href: string } {
  const url = new URL(href);
  const secret = text(url.searchParams.get("display"));
  if (!url.searchParams.has("display")) return { secret: null, href };
  url.searchParams.delete("display");
  return { secret, href: `${url.pathname}${url.search}${url.hash}` };
}

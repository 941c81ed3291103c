/**
 * The simulator's trouble: episodes that begin, escalate and end, as a pure function of a
 * device's seed and the time, so a restarted simulator continues the same story and tests can
 * walk through one. Time is cut into windows per kind; in a window an episode happens or not
 * (a seeded draw), starts at a seeded moment and lasts a seeded span inside the window.
 */

export type EpisodeKind =
  | "disk_fill"
  | "hot_cpu"
  | "bill_jam"
  | "paper_low"
  | "net_errors"
  | "app_crash_loop"
  | "screen_black"
  | "screen_frozen"
  | "screen_error"
  | "panel_off"
  | "unplugged";

type EpisodeSpec = { windowMs: number; chance: number; minMs: number; maxMs: number };
const MIN = 60_000;
const HOUR = 60 * MIN;

/**
 * How often and how long. On average a device spends 2–5 % of its time in each kind it can
 * have, so a fleet of ~50 has a handful of devices in trouble at any moment (sim-telemetry.test.ts).
 */
export const EPISODES: Record<EpisodeKind, EpisodeSpec> = {
  /** A log or cache fills the disk over 30–60 minutes, then it is cleaned up. */
  disk_fill: { windowMs: 8 * HOUR, chance: 0.5, minMs: 30 * MIN, maxMs: 60 * MIN },
  /** A runaway process heats the CPU for 10–20 minutes. */
  hot_cpu: { windowMs: 3 * HOUR, chance: 0.45, minMs: 10 * MIN, maxMs: 20 * MIN },
  /** A note jams in the bill acceptor; someone clears it after a few minutes. */
  bill_jam: { windowMs: 90 * MIN, chance: 0.45, minMs: 3 * MIN, maxMs: 8 * MIN },
  /** The receipt printer runs low on paper until the roll is changed. */
  paper_low: { windowMs: 6 * HOUR, chance: 0.4, minMs: 20 * MIN, maxMs: 60 * MIN },
  /** A failing cable: receive errors rise until the link is re-plugged (counters reset). */
  net_errors: { windowMs: 8 * HOUR, chance: 0.4, minMs: 25 * MIN, maxMs: 45 * MIN },
  /** A display's application crashes every minute or so (a bad update) until it is rolled back (agent/sim/apps.ts). */
  app_crash_loop: { windowMs: 4 * HOUR, chance: 0.4, minMs: 15 * MIN, maxMs: 30 * MIN },
  /** A display's screen goes black (a GPU hang, a video that lost its surface) until the player is restarted. */
  screen_black: { windowMs: 8 * HOUR, chance: 0.35, minMs: 20 * MIN, maxMs: 45 * MIN },
  /** The picture stops on one frame (a hung renderer) until someone notices. */
  screen_frozen: { windowMs: 8 * HOUR, chance: 0.35, minMs: 20 * MIN, maxMs: 45 * MIN },
  /** The browser shows "This site can't be reached" (the content server is down). */
  screen_error: { windowMs: 8 * HOUR, chance: 0.35, minMs: 15 * MIN, maxMs: 40 * MIN },
  /** Someone switches the panel off with its remote during working time. */
  panel_off: { windowMs: 12 * HOUR, chance: 0.3, minMs: 20 * MIN, maxMs: 60 * MIN },
  /** The HDMI cable is pulled (cleaning, a moved kiosk) and plugged back later. */
  unplugged: { windowMs: 12 * HOUR, chance: 0.3, minMs: 15 * MIN, maxMs: 40 * MIN },
};

/** Deterministic randomness from a string (FNV-1a, then a 32-bit mix per draw). */
export function rng(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

export type Episode = { kind: EpisodeKind; start: number; end: number; progress: number };

/** The episode of `kind` a device is in at time `t` (ms), or null. */
export function episodeAt(seed: string, kind: EpisodeKind, t: number): Episode | null {
  const spec = EPISODES[kind];
  const window = Math.floor(t / spec.windowMs);
  const draw = rng(`${seed}/${kind}/${window}`);
  if (draw() >= spec.chance) return null;
  const duration = spec.minMs + draw() * (spec.maxMs - spec.minMs);
  const start = window * spec.windowMs + draw() * (spec.windowMs - duration);
  const end = start + duration;
  if (t < start || t >= end) return null;
  return { kind, start, end, progress: (t - start) / duration };
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const smooth = (x: number) => clamp01(x) ** 2 * (3 - 2 * clamp01(x));

/** disk_fill: the used share of the disk, from `base` up to 98.5 % at 85 % of the episode, held until cleanup. */
export const diskFillUsed = (base: number, progress: number) => base + (0.985 - base) * smooth(progress / 0.85);

/** hot_cpu: 0 → 1 → 0 (rises over the first third, holds, cools over the last fifth). */
export const heat = (progress: number) => clamp01(Math.min(progress / 0.3, (1 - progress) / 0.2, 1));

/** net_errors: the error ratio rises from 1e-5 to 3 % (warning past ~57 %, critical past ~86 % of the episode). */
export const errorRatioAt = (progress: number) => 1e-5 * 3000 ** clamp01(progress);

/** bill_jam: a retry (warning) for the first fifth, then jammed (critical) until cleared. */
export const jamStatus = (progress: number) => (progress < 0.2 ? 2 : 3);

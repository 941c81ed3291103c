import type { CaptureMetrics, DisplayHealthState, PanelState } from "../../contracts/display-health/schema.ts";

/**
 * Pure display-health logic: what a capture's pixels say (measure) and what state a display is in
 * given the capture, the previous one, the panel and the application supervisor (classify). No
 * I/O here, so tests feed it rendered images and a simulator uses the same rules.
 */

export type Rgba = { width: number; height: number; rgba: Uint8Array };

/** Below this mean luminance, with almost no spread, the screen is black. */
export const BLACK_LUMINANCE = 16;
/**
 * A spread under this is one flat colour (black or blank). A dark page with a few lines of text
 * has a spread of 10+ (the text), so it is never "black".
 */
export const FLAT_SPREAD = 4;
/** Hash bits that may differ between two frames still called "the same". */
export const FROZEN_BITS = 2;
/** The thumbnail may change this much (0–255) between frames still called "the same". */
export const FROZEN_CHANGE = 1;

export type Measured = CaptureMetrics & { thumb: Float32Array };

const THUMB_W = 32;
const THUMB_H = 18;

/** Mean luminance of a box of the image, sampling at most ~16×16 points in it. */
function boxLuma(img: Rgba, x0: number, y0: number, x1: number, y1: number): number {
  const sx = Math.max(1, Math.floor((x1 - x0) / 16));
  const sy = Math.max(1, Math.floor((y1 - y0) / 16));
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(y0); y < y1; y += sy) {
    for (let x = Math.floor(x0); x < x1; x += sx) {
      const i = (y * img.width + x) * 4;
      sum += 0.299 * (img.rgba[i] ?? 0) + 0.587 * (img.rgba[i + 1] ?? 0) + 0.114 * (img.rgba[i + 2] ?? 0);
      n++;
    }
  }
  return n ? sum / n : 0;
}

/** A grid of box-averaged luminance. */
function grid(img: Rgba, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  const cw = img.width / w;
  const ch = img.height / h;
  for (let gy = 0; gy < h; gy++) {
    for (let gx = 0; gx < w; gx++) {
      out[gy * w + gx] = boxLuma(
        img,
        gx * cw,
        gy * ch,
        Math.min(img.width, (gx + 1) * cw),
        Math.min(img.height, (gy + 1) * ch),
      );
    }
  }
  return out;
}

/** dHash: a 9×8 luminance grid, one bit per horizontal neighbour pair (left brighter than right). */
export function dhash(img: Rgba): string {
  const g = grid(img, 9, 8);
  let hex = "";
  for (let y = 0; y < 8; y++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) byte = (byte << 1) | ((g[y * 9 + x] ?? 0) > (g[y * 9 + x + 1] ?? 0) ? 1 : 0);
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

/** Bits that differ between two hashes. */
export function hamming(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < a.length; i += 2) {
    let x = Number.parseInt(a.slice(i, i + 2), 16) ^ Number.parseInt(b.slice(i, i + 2), 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits;
}

/**
 * A browser error page: a light, nearly colourless page (≥ 85 % of it light grey or white, under
 * 3 % saturated colour) with a little dark text. Chromium's "This site can't be reached", a
 * crashed tab ("Aw, Snap!") and a blank white page with an error line all look like this; a
 * signage page with colour does not.
 */
function errorLike(img: Rgba): boolean {
  const step = Math.max(1, Math.floor(Math.sqrt((img.width * img.height) / 20_000)));
  let n = 0;
  let light = 0;
  let colour = 0;
  let dark = 0;
  for (let y = 0; y < img.height; y += step) {
    for (let x = 0; x < img.width; x += step) {
      const i = (y * img.width + x) * 4;
      const r = img.rgba[i] ?? 0;
      const g = img.rgba[i + 1] ?? 0;
      const b = img.rgba[i + 2] ?? 0;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      n++;
      if (max - min > 40) colour++;
      else if (min > 200) light++;
      else if (max < 120) dark++;
    }
  }
  return n > 0 && light / n >= 0.85 && colour / n < 0.03 && dark / n > 0.001;
}

/** Everything the device measures on a capture; `previous` is the last capture's measure. */
export function measure(img: Rgba, previous?: Pick<Measured, "dhash" | "thumb"> | null): Measured {
  const thumb = grid(img, THUMB_W, THUMB_H);
  let sum = 0;
  for (const v of thumb) sum += v;
  const mean = sum / thumb.length;
  // The spread over a finer sample than the thumbnail, so thin text counts.
  const step = Math.max(1, Math.floor(Math.sqrt((img.width * img.height) / 40_000)));
  let s = 0;
  let s2 = 0;
  let n = 0;
  for (let y = 0; y < img.height; y += step) {
    for (let x = 0; x < img.width; x += step) {
      const i = (y * img.width + x) * 4;
      const l = 0.299 * (img.rgba[i] ?? 0) + 0.587 * (img.rgba[i + 1] ?? 0) + 0.114 * (img.rgba[i + 2] ?? 0);
      s += l;
      s2 += l * l;
      n++;
    }
  }
  const variance = Math.max(0, s2 / n - (s / n) ** 2);
  const hash = dhash(img);
  let change: number | null = null;
  if (previous?.thumb && previous.thumb.length === thumb.length) {
    change = 0;
    for (let i = 0; i < thumb.length; i++)
      change = Math.max(change, Math.abs((thumb[i] ?? 0) - (previous.thumb[i] ?? 0)));
  }
  return {
    luminance: Math.round(mean * 10) / 10,
    spread: Math.round(Math.sqrt(variance) * 10) / 10,
    dhash: hash,
    distance: previous ? hamming(hash, previous.dhash) : null,
    change: change === null ? null : Math.round(change * 100) / 100,
    error_like: errorLike(img),
    thumb,
  };
}

/** Black or blank: one flat colour (a black panel, a white page that never loaded). */
export const isBlank = (m: Pick<CaptureMetrics, "luminance" | "spread">) => m.spread < FLAT_SPREAD;
/** Black proper (for the reason's text). */
export const isBlack = (m: Pick<CaptureMetrics, "luminance" | "spread">) => isBlank(m) && m.luminance < BLACK_LUMINANCE;
/** The same frame as the previous capture. */
export const isSame = (m: Pick<CaptureMetrics, "distance" | "change">) =>
  m.distance !== null && m.distance <= FROZEN_BITS && m.change !== null && m.change <= FROZEN_CHANGE;

/** What the application supervisor says of the display (agent/apps). */
export type AppFront = "running" | "starting" | "crashed" | "not_configured" | "dry_run" | "no_launch" | "unknown";

export type ClassifyInput = {
  panel: PanelState;
  /** Outside the location's working time (or in a maintenance window): a dark panel is expected. */
  scheduledOff: boolean;
  /** This capture's metrics, null when nothing could be captured. */
  metrics: Pick<CaptureMetrics, "luminance" | "spread" | "distance" | "change" | "error_like"> | null;
  /** The display's applications say their content does not change (a static menu board). */
  isStatic: boolean;
  app: AppFront;
};

export type Classified = { state: DisplayHealthState; reason?: string };

/**
 * The display's state. Order matters: what the connector says first (an unplugged display has
 * no picture to judge), then a black screen (outside working time: switched off as planned), then
 * what is shown instead of the application, then a frame that stopped.
 */
export function classify(input: ClassifyInput): Classified {
  const { panel, scheduledOff, metrics, isStatic, app } = input;
  if (panel === "no_signal") return { state: "unplugged", reason: "no signal on the connector" };
  if (panel === "off")
    return scheduledOff
      ? { state: "panel_off_scheduled", reason: "outside working time" }
      : { state: "panel_off_unexpected", reason: "the panel is off during working time" };
  if (!metrics) return { state: "showing", reason: "no capture" };
  if (isBlank(metrics)) {
    if (scheduledOff) return { state: "panel_off_scheduled", reason: "dark outside working time" };
    return { state: "black", reason: isBlack(metrics) ? "black screen" : "one flat colour" };
  }
  // A display without applications configured is not judged by them (nothing says what it should show).
  if (app === "crashed") return { state: "wrong_content", reason: "the application is not in front" };
  if (metrics.error_like) return { state: "wrong_content", reason: "an error page" };
  if (!isStatic && isSame(metrics)) return { state: "frozen", reason: "the same frame as the last capture" };
  return { state: "showing" };
}

/** Keeps `since` across captures: the time of the first capture in the current state. */
export function transition(
  prev: { state: DisplayHealthState; since: number } | undefined,
  next: DisplayHealthState,
  at: number,
): { state: DisplayHealthState; since: number; changed: boolean } {
  if (prev && prev.state === next) return { state: next, since: prev.since, changed: false };
  return { state: next, since: at, changed: true };
}

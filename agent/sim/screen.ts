import jpeg from "jpeg-js";

/**
 * What a simulated display shows, rendered as a real image: the simulator's screenshots (and its
 * periodic captures) are JPEGs with content, so the console's viewer, thumbnails and any image
 * analysis see a screen, not a 1×1 placeholder.
 *
 * - playing: the application's page, with a band that moves with the time (content changes);
 * - frozen: the same page stopped at one moment (identical frames);
 * - black: nothing on the panel;
 * - error: a browser's "This site can't be reached" page;
 * - desktop: an empty desktop, no application in front;
 * - panel_off: what the console shows for a panel in standby (a dark screen with its OSD);
 * - no_signal: an unplugged display (the panel's "No signal" box on black).
 */
export type SimScreenKind = "playing" | "frozen" | "black" | "error" | "desktop" | "panel_off" | "no_signal";

export type SimScreen = {
  kind: SimScreenKind;
  /** The device's name, drawn in the page's header. */
  title: string;
  /** What the application shows (its name or URL). */
  subtitle?: string;
  /** When the frame was taken (ms): the clock and the moving band follow it. */
  at: number;
  /** The device's hue, so two devices' screens differ (0–360). */
  hue?: number;
  width?: number;
  height?: number;
};

type Rgb = readonly [number, number, number];

/** A 5×7 pixel font: each glyph is 7 rows of 5 bits, most significant bit on the left. */
const GLYPHS: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  "0": [14, 17, 19, 21, 25, 17, 14],
  "1": [4, 12, 4, 4, 4, 4, 14],
  "2": [14, 17, 1, 2, 4, 8, 31],
  "3": [31, 2, 4, 2, 1, 17, 14],
  "4": [2, 6, 10, 18, 31, 2, 2],
  "5": [31, 16, 30, 1, 1, 17, 14],
  "6": [6, 8, 16, 30, 17, 17, 14],
  "7": [31, 1, 2, 4, 8, 8, 8],
  "8": [14, 17, 17, 14, 17, 17, 14],
  "9": [14, 17, 17, 15, 1, 2, 12],
  ":": [0, 12, 12, 0, 12, 12, 0],
  ".": [0, 0, 0, 0, 0, 12, 12],
  "-": [0, 0, 0, 31, 0, 0, 0],
  _: [0, 0, 0, 0, 0, 0, 31],
  "/": [1, 1, 2, 4, 8, 16, 16],
  "'": [4, 4, 8, 0, 0, 0, 0],
  "@": [14, 17, 23, 21, 23, 16, 14],
  "!": [4, 4, 4, 4, 4, 0, 4],
  "?": [14, 17, 1, 2, 4, 0, 4],
  " ": [0, 0, 0, 0, 0, 0, 0],
};

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

class Canvas {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 4).fill(255);
  }
  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb) {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.floor(x + w));
    const y1 = Math.min(this.height, Math.floor(y + h));
    for (let yy = y0; yy < y1; yy++) {
      let i = (yy * this.width + x0) * 4;
      for (let xx = x0; xx < x1; xx++) {
        this.data[i] = r;
        this.data[i + 1] = g;
        this.data[i + 2] = b;
        this.data[i + 3] = 255;
        i += 4;
      }
    }
  }
  /** Text in the 5×7 font, `scale` pixels per font pixel; returns the width drawn. */
  text(x: number, y: number, text: string, scale: number, color: Rgb) {
    let cx = x;
    for (const ch of text.toUpperCase()) {
      const glyph = GLYPHS[ch] ?? GLYPHS["?"] ?? [];
      glyph.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++) {
          if (row & (1 << (4 - gx))) this.rect(cx + gx * scale, y + gy * scale, scale, scale, color);
        }
      });
      cx += 6 * scale;
    }
    return cx - x;
  }
}

const clock = (at: number) => new Date(at).toISOString().slice(11, 19);

/** The screen as RGBA pixels (for tests and image analysis) and as the JPEG a screenshot sends. */
export function renderSimScreen(screen: SimScreen): { width: number; height: number; rgba: Uint8Array } {
  const width = screen.width ?? 960;
  const height = screen.height ?? 540;
  const c = new Canvas(width, height);
  const hue = screen.hue ?? 210;
  if (screen.kind === "black") {
    c.rect(0, 0, width, height, [0, 0, 0]);
    return { width, height, rgba: c.data };
  }
  if (screen.kind === "panel_off" || screen.kind === "no_signal") {
    c.rect(0, 0, width, height, [6, 6, 8]);
    const label = screen.kind === "panel_off" ? "STANDBY" : "NO SIGNAL";
    const w = label.length * 18 + 48;
    c.rect(width / 2 - w / 2, height / 2 - 30, w, 60, screen.kind === "panel_off" ? [40, 40, 44] : [20, 40, 120]);
    c.text(width / 2 - w / 2 + 24, height / 2 - 10, label, 3, [200, 200, 205]);
    return { width, height, rgba: c.data };
  }
  if (screen.kind === "desktop") {
    c.rect(0, 0, width, height, hsl(hue, 0.35, 0.3));
    c.rect(0, height - 36, width, 36, [24, 24, 28]);
    c.text(width - 120, height - 26, clock(screen.at).slice(0, 5), 3, [230, 230, 230]);
    for (let i = 0; i < 4; i++) c.rect(24, 24 + i * 90, 56, 56, [220, 220, 225]);
    return { width, height, rgba: c.data };
  }
  if (screen.kind === "error") {
    c.rect(0, 0, width, height, [248, 249, 250]);
    c.rect(width / 2 - 40, height / 2 - 150, 80, 80, [160, 160, 165]);
    c.text(width / 2 - 270, height / 2 - 40, "THIS SITE CAN'T BE REACHED", 3, [32, 33, 36]);
    c.text(width / 2 - 270, height / 2 + 10, "ERR_CONNECTION_REFUSED", 2, [95, 99, 104]);
    c.rect(width / 2 - 270, height / 2 + 60, 120, 40, [26, 115, 232]);
    c.text(width / 2 - 252, height / 2 + 73, "RELOAD", 2, [255, 255, 255]);
    return { width, height, rgba: c.data };
  }
  // playing and frozen: the application's page (a frozen one is stopped at `at`).
  c.rect(0, 0, width, height, hsl(hue, 0.55, 0.96));
  c.rect(0, 0, width, 72, hsl(hue, 0.6, 0.35));
  c.text(24, 22, screen.title.slice(0, 40), 4, [255, 255, 255]);
  c.text(width - 170, 26, clock(screen.at), 3, [255, 255, 255]);
  if (screen.subtitle) c.text(24, 96, screen.subtitle.slice(0, 60), 2, hsl(hue, 0.4, 0.3));
  const tile = (width - 24 * 4) / 3;
  for (let i = 0; i < 3; i++) {
    const x = 24 + i * (tile + 24);
    c.rect(x, 130, tile, 220, hsl((hue + 40 * (i + 1)) % 360, 0.6, 0.55));
    c.text(x + 16, 150, ["OFFERS", "MENU", "TICKETS"][i] ?? "", 3, [255, 255, 255]);
    c.rect(x + 16, 300, tile - 32, 24, [255, 255, 255]);
  }
  // The moving band: where it is depends on the second, so consecutive frames differ.
  const second = Math.floor(screen.at / 1000);
  const band = (second * 37) % (width + 200);
  c.rect(0, 380, width, 120, hsl(hue, 0.3, 0.88));
  c.rect(band - 200, 380, 200, 120, hsl((hue + 180) % 360, 0.7, 0.5));
  c.text(24, 420, `NOW SHOWING ${(second % 97) + 1}/97`, 4, hsl(hue, 0.6, 0.2));
  c.rect(0, height - 28, width, 28, hsl(hue, 0.6, 0.35));
  return { width, height, rgba: c.data };
}

/** The screen as a JPEG (quality 70: ≈ 30–60 KB at 960×540), base64 as a screenshot reply carries it. */
export function simScreenshotJpeg(screen: SimScreen, quality = 70): string {
  const { width, height, rgba } = renderSimScreen(screen);
  return jpeg.encode({ width, height, data: rgba }, quality).data.toString("base64");
}

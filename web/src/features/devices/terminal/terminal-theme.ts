import type { ITheme } from "@xterm/xterm";
import type { Theme } from "@/lib/session/theme";

/** A CSS colour (the app's variables are oklch) as r, g, b, resolved by the browser. */
function rgbOf(css: string): [number, number, number] | null {
  const canvas = document.createElement("canvas");
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return null;
  ctx.fillStyle = "#000";
  ctx.fillStyle = css;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

const variable = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

const rgb = (name: string, alpha = 1, fallback = "#808080") => {
  const value = rgbOf(variable(name));
  return value ? `rgba(${value[0]}, ${value[1]}, ${value[2]}, ${alpha})` : fallback;
};

/** ANSI colours readable on a light background (xterm's own are made for a dark one). */
const LIGHT_ANSI = {
  black: "#24292f",
  red: "#cf222e",
  green: "#116329",
  yellow: "#7d4e00",
  blue: "#0969da",
  magenta: "#8250df",
  cyan: "#1b7c83",
  white: "#6e7781",
  brightBlack: "#57606a",
  brightRed: "#a40e26",
  brightGreen: "#1a7f37",
  brightYellow: "#633c01",
  brightBlue: "#218bff",
  brightMagenta: "#a475f9",
  brightCyan: "#3192aa",
  brightWhite: "#8c959f",
};

const DARK_ANSI = {
  black: "#484f58",
  red: "#ff7b72",
  green: "#3fb950",
  yellow: "#d29922",
  blue: "#58a6ff",
  magenta: "#bc8cff",
  cyan: "#39c5cf",
  white: "#b1bac4",
  brightBlack: "#6e7681",
  brightRed: "#ffa198",
  brightGreen: "#56d364",
  brightYellow: "#e3b341",
  brightBlue: "#79c0ff",
  brightMagenta: "#d2a8ff",
  brightCyan: "#56d4dd",
  brightWhite: "#f0f6fc",
};

/** The terminal's colours from the app's CSS variables (read after the theme class is applied). */
export function terminalTheme(theme: Theme): ITheme {
  return {
    background: rgb("--card"),
    foreground: rgb("--foreground"),
    cursor: rgb("--primary"),
    cursorAccent: rgb("--card"),
    selectionBackground: rgb("--primary", 0.3),
    selectionInactiveBackground: rgb("--muted-foreground", 0.25),
    scrollbarSliderBackground: rgb("--muted-foreground", 0.25),
    scrollbarSliderHoverBackground: rgb("--muted-foreground", 0.4),
    scrollbarSliderActiveBackground: rgb("--muted-foreground", 0.5),
    ...(theme === "dark" ? DARK_ANSI : LIGHT_ANSI),
  };
}

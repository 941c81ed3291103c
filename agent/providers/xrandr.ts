import type { DisplayFinding } from "../../contracts/peripherals/schema.ts";

type Orientation = DisplayFinding["orientation"];

/** One output of `xrandr --query`. */
export type XrandrOutput = {
  output: string;
  connected: boolean;
  primary: boolean;
  /** Current mode ("1920x1080"), "" when the output is off. */
  current: string;
  rate: number | null;
  /** Modes in xrandr's order, each with its rates. */
  modes: Record<string, number[]>;
  orientation: Orientation;
};

const ROTATE_OF: Record<string, string> = { normal: "", left: "90", inverted: "180", right: "270" };

/** xrandr's rotation word and reflection → the console's orientation ("left" + X reflect = "90 flipped"). */
export function orientationOf(rotation: string, reflectX: boolean): Orientation {
  const base = ROTATE_OF[rotation] ?? "";
  if (!reflectX) return (base || "normal") as Orientation;
  return (base ? `${base} flipped` : "flipped") as Orientation;
}

/**
 * `xrandr --query`:
 *   HDMI-1 connected primary 1920x1080+0+0 left X axis (normal left inverted right x axis y axis) 527mm x 296mm
 *      1920x1080     60.00*+  50.00    59.94
 *      1280x720      60.00    50.00
 *   DP-1 disconnected (normal left inverted right x axis y axis)
 * `*` marks the current rate, `+` the preferred one.
 */
export function parseXrandr(text: string): XrandrOutput[] {
  const outputs: XrandrOutput[] = [];
  let last: XrandrOutput | null = null;
  for (const line of text.split("\n")) {
    const head = /^(\S+) (connected|disconnected)(.*)$/.exec(line);
    if (head) {
      const [, output, state, rest] = head;
      const before = rest.split("(")[0];
      const geometry = /(\d+x\d+)\+\d+\+\d+/.exec(before);
      const rotation = /\b(normal|left|inverted|right)\b/.exec(before)?.[1] ?? "normal";
      last = {
        output,
        connected: state === "connected",
        primary: /\bprimary\b/.test(before),
        current: geometry?.[1] ?? "",
        rate: null,
        modes: {},
        orientation: orientationOf(rotation, /\bX axis\b/.test(before)),
      };
      outputs.push(last);
      continue;
    }
    const mode = /^\s+(\d+x\d+)i?\s+(.*)$/.exec(line);
    if (!mode || !last) continue;
    const rates: number[] = [];
    for (const word of mode[2].trim().split(/\s+/)) {
      const rate = Number.parseFloat(word);
      if (!Number.isFinite(rate)) continue;
      rates.push(rate);
      if (word.includes("*")) {
        last.rate = rate;
        last.current ||= mode[1];
      }
    }
    last.modes[mode[1]] = [...new Set([...(last.modes[mode[1]] ?? []), ...rates])];
  }
  return outputs;
}

/** What the agent knows of a screen from systeminformation (graphics().displays). */
export type SiDisplay = {
  vendor: string;
  model: string;
  connection: string | null;
  deviceName: string | null;
  main: boolean;
  currentResX: number | null;
  currentResY: number | null;
  currentRefreshRate: number | null;
};

const modelOf = (d: SiDisplay | undefined) => (d?.model || d?.vendor || "").trim();
const named = (output: string, model: string) => (model ? `${output}@${model}` : output);

/**
 * The device's screens as DisplayFindings: every connected xrandr output (its modes, rates,
 * current mode, primary, rotation), named "<output>@<model>" with the model systeminformation
 * knows for it; without xrandr, systeminformation's displays with their current mode only.
 */
export function toDisplayFindings(si: readonly SiDisplay[], xrandr: readonly XrandrOutput[] | null): DisplayFinding[] {
  if (xrandr?.some((o) => o.connected)) {
    const connected = xrandr.filter((o) => o.connected);
    return connected.map((o) => {
      const info = si.find((d) => d.connection === o.output || d.deviceName === o.output);
      return {
        name: named(o.output, modelOf(info)),
        primary: o.primary || (!connected.some((c) => c.primary) && o === connected[0]),
        resolution: o.current,
        available_resolutions: Object.keys(o.modes),
        refresh_rate: o.rate,
        available_refresh_rates: o.modes,
        orientation: o.orientation,
        graphical_output: o.output,
      };
    });
  }
  return si.map((d, i) => {
    const output = d.connection || d.deviceName || `Display-${i + 1}`;
    const resolution = d.currentResX && d.currentResY ? `${d.currentResX}x${d.currentResY}` : "";
    const rate = d.currentRefreshRate || null;
    return {
      name: named(output, modelOf(d)),
      primary: d.main || (!si.some((x) => x.main) && i === 0),
      resolution,
      available_resolutions: resolution ? [resolution] : [],
      refresh_rate: rate,
      available_refresh_rates: resolution && rate ? { [resolution]: [rate] } : {},
      orientation: "normal",
      graphical_output: output,
    };
  });
}

/** A display as the console sends it in apply-display-config (contracts/devices/detail.ts Display). */
export type AppliedDisplay = {
  name: string;
  graphical_output?: string;
  primary: boolean;
  disabled: boolean;
  resolution: string;
  refresh_rate: number | null;
  orientation: Orientation;
};

const XRANDR_ROTATE: Record<string, string> = { "": "normal", "90": "left", "180": "inverted", "270": "right" };

/**
 * One `xrandr` argument list per display: enabled ones first (the primary leading), so the
 * screen never goes dark between calls, then `--off` for the disabled ones.
 */
export function xrandrArgs(displays: readonly AppliedDisplay[]): string[][] {
  const outputOf = (d: AppliedDisplay) => d.graphical_output || d.name.split("@")[0];
  const enabled = displays.filter((d) => !d.disabled).sort((a, b) => Number(b.primary) - Number(a.primary));
  const on = enabled.map((d) => {
    const flipped = d.orientation.endsWith("flipped");
    const rotation = d.orientation.replace("flipped", "").trim().replace("normal", "");
    return [
      "--output",
      outputOf(d),
      ...(d.resolution ? ["--mode", d.resolution] : ["--auto"]),
      ...(d.refresh_rate !== null && d.resolution ? ["--rate", String(d.refresh_rate)] : []),
      "--rotate",
      XRANDR_ROTATE[rotation] ?? "normal",
      "--reflect",
      flipped ? "x" : "normal",
      ...(d.primary ? ["--primary"] : []),
    ];
  });
  const off = displays.filter((d) => d.disabled).map((d) => ["--output", outputOf(d), "--off"]);
  return [...on, ...off];
}

import { execFile } from "node:child_process";
import type { ApplicationsReport } from "../../contracts/admin/applications.ts";
import type { AppliedDisplay } from "../../contracts/commands/schema.ts";
import { geometryOf, xrandrGeometries } from "../apps/geometry.ts";
import { readXwd } from "../apps/xwd.ts";
import { findGrabber } from "../providers/screenshot.ts";
import { parseXrandr } from "../providers/xrandr.ts";
import { decodeJpeg } from "./capture.ts";
import type { Rgba } from "./classify.ts";
import { panelState, parseCecPower, readDrm } from "./connector.ts";
import type { DisplayHealthSources } from "./monitor.ts";
import { appFront } from "./sim.ts";

/**
 * The real agent's sources: the X screen read with `xwd -root` (no ImageMagick needed) cut to the
 * display's xrandr geometry, the connector from DRM, xrandr and `cec-client` where they exist.
 * Where a tool is missing that source says nothing (a null picture, an unknown panel).
 */

const MAX_BYTES = 64 * 1024 * 1024;

function run(program: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = execFile(
      program,
      args,
      { encoding: "buffer", maxBuffer: MAX_BYTES, timeout: 15_000, env },
      (e, out) => resolve(e ? null : out),
    );
    child.on("error", () => resolve(null));
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** One display's pixels from an X screen dump, cut to its geometry and sampled down to ≤ 960 wide. */
export function cropXwd(dump: Buffer, geometry: { x: number; y: number; width: number; height: number }): Rgba {
  const img = readXwd(dump);
  const w = Math.max(1, Math.min(geometry.width, img.width - geometry.x));
  const h = Math.max(1, Math.min(geometry.height, img.height - geometry.y));
  const step = Math.max(1, Math.ceil(w / 960));
  const width = Math.floor(w / step);
  const height = Math.floor(h / step);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = img.pixel(geometry.x + x * step, geometry.y + y * step);
      rgba.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { width, height, rgba };
}

/** A decoded screen cut to a display's geometry (the whole screen without one). */
function cropRgba(img: Rgba, g: { x: number; y: number; width: number; height: number } | null): Rgba {
  if (!g || (g.x === 0 && g.y === 0 && g.width >= img.width && g.height >= img.height)) return img;
  const width = Math.max(1, Math.min(g.width, img.width - g.x));
  const height = Math.max(1, Math.min(g.height, img.height - g.y));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((g.y + y) * img.width + g.x) * 4;
    rgba.set(img.rgba.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, rgba };
}

export function agentDisplaySources(opts: {
  apps: { report: () => ApplicationsReport; configured: () => readonly AppliedDisplay[] };
  env?: NodeJS.ProcessEnv;
  which: (program: string, env: NodeJS.ProcessEnv) => string | null;
  /** Outside the location's working time (unknown to the agent today: never). */
  scheduledOff?: (at: number) => boolean;
}): DisplayHealthSources {
  const env = opts.env ?? process.env;
  // One xrandr query serves every display of a tick.
  let xrandr: { at: number; text: string | null } | null = null;
  const query = async (at: number) => {
    if (xrandr?.at !== at) {
      const out = env.DISPLAY && opts.which("xrandr", env) ? await run("xrandr", ["--query"], env) : null;
      xrandr = { at, text: out?.toString() ?? null };
    }
    return xrandr.text;
  };
  return {
    displays: () => opts.apps.configured().map((d) => d.name),
    grab: async (display, at) => {
      if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
      const applied = opts.apps.configured().find((d) => d.name === display);
      const text = await query(at);
      const geometry = text
        ? geometryOf({ name: display, graphical_output: applied?.graphical_output }, xrandrGeometries(text))
        : null;
      try {
        if (env.DISPLAY && opts.which("xwd", env)) {
          const dump = await run("xwd", ["-root", "-silent"], env);
          if (!dump) return null;
          const whole = readXwd(dump);
          return cropXwd(dump, geometry ?? { x: 0, y: 0, width: whole.width, height: whole.height });
        }
        // No xwd (package x11-apps): the screenshot grabber this machine has (grim, import, ffmpeg).
        const grabber = findGrabber(env);
        const jpeg = grabber ? await run("/bin/sh", ["-c", grabber], env) : null;
        if (!jpeg) return null;
        return cropRgba(decodeJpeg(jpeg), geometry);
      } catch {
        return null;
      }
    },
    panel: async (display, at) => {
      const applied = opts.apps.configured().find((d) => d.name === display);
      const output = applied?.graphical_output || display.split("@")[0] || display;
      const [drm, text, cec] = await Promise.all([
        readDrm(),
        query(at),
        opts.which("cec-client", env) ? run("cec-client", ["-s", "-d", "1"], env, "pow 0\n") : Promise.resolve(null),
      ]);
      return panelState({
        display: output,
        drm,
        xrandr: text ? parseXrandr(text) : null,
        cec: cec ? parseCecPower(cec.toString()) : null,
      });
    },
    app: (display) => appFront(opts.apps.report(), display),
    isStatic: (display) => {
      const apps = opts.apps.configured().find((d) => d.name === display)?.applications ?? [];
      return apps.length > 0 && apps.every((a) => a.launch?.static === true);
    },
    scheduledOff: opts.scheduledOff ?? (() => false),
  };
}

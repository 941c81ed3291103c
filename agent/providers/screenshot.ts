import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { readFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import type { Provider } from "./types.ts";

const MAX_BYTES = 8 * 1024 * 1024;

/**
 * Screen grabbers the agent finds by itself when none is configured, in order: each needs its
 * program on PATH and its display (Wayland or X11) in the environment, and prints a JPEG.
 */
export const GRABBERS = [
  { program: "grim", display: "WAYLAND_DISPLAY", command: "grim -t jpeg -" },
  { program: "import", display: "DISPLAY", command: "import -silent -window root jpeg:-" },
  {
    program: "ffmpeg",
    display: "DISPLAY",
    command: 'ffmpeg -loglevel error -f x11grab -i "$DISPLAY" -frames:v 1 -f mjpeg -',
  },
] as const;

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first grabber whose program is on PATH and whose display is set, or null. */
export function findGrabber(env: NodeJS.ProcessEnv = process.env): string | null {
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  const found = GRABBERS.find(
    ({ program, display }) => env[display] && dirs.some((dir) => executable(join(dir, program))),
  );
  return found?.command ?? null;
}

const run = (command: string, env: NodeJS.ProcessEnv) =>
  new Promise<Buffer>((resolve, reject) =>
    execFile(
      "/bin/sh",
      ["-c", command],
      { encoding: "buffer", maxBuffer: MAX_BYTES, timeout: 20_000, env },
      (e, out) => (e ? reject(new Error(`screenshot command failed: ${e.message}`)) : resolve(out)),
    ),
  );

/**
 * screenshot: a fixed file (tests, demos), the configured grabber command, else a grabber found
 * on this machine (GRABBERS), else a clear error saying what to install or configure.
 */
export const screenshot: Provider<"screenshot"> = async (_params, options) => {
  const env = options.env ?? process.env;
  let bytes: Buffer;
  try {
    if (options.screenshotFile) bytes = await readFile(options.screenshotFile);
    else {
      const command = options.screenshotCommand ?? findGrabber(env);
      if (!command) {
        return {
          ok: false,
          error:
            "No screen grabber found: install grim (Wayland) or ImageMagick/ffmpeg (X11), or start the agent with --screenshot-command.",
        };
      }
      bytes = await run(command, env);
    }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (bytes.length === 0 || bytes.length > MAX_BYTES) return { ok: false, error: "Screenshot is empty or too large." };
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return { ok: false, error: "Screenshot is not a JPEG image." };
  return { ok: true, result: { image_base64: bytes.toString("base64"), bytes: bytes.length } };
};

import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import type { Provider } from "./types.ts";

const MAX_BYTES = 8 * 1024 * 1024;

/** screenshot: a configured grabber command (JPEG on stdout), a fixed test file, or a clear error. */
export const screenshot: Provider = async (_command, options) => {
  let bytes: Buffer;
  if (options.screenshotFile) {
    bytes = await readFile(options.screenshotFile);
  } else if (options.screenshotCommand) {
    const command = options.screenshotCommand;
    bytes = await new Promise<Buffer>((resolve, reject) =>
      execFile("/bin/sh", ["-c", command], { encoding: "buffer", maxBuffer: MAX_BYTES, timeout: 20_000 }, (e, out) =>
        e ? reject(new Error(`screenshot command failed: ${e.message}`)) : resolve(out),
      ),
    );
  } else {
    return {
      ok: false,
      error: "No screenshot grabber configured: start the agent with --screenshot-command or --screenshot-file.",
    };
  }
  if (bytes.length === 0 || bytes.length > MAX_BYTES) return { ok: false, error: "Screenshot is empty or too large." };
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return { ok: false, error: "Screenshot is not a JPEG image." };
  return { ok: true, result: { image_base64: bytes.toString("base64"), bytes: bytes.length } };
};

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Global setup of a test run (vitest and Playwright alike): the run's temporary files (agent
 * configs holding device credentials, fake binaries, video clips for the camera) go in one
 * directory of its own, removed when the run ends, instead of piling up in the machine's /tmp.
 * Node's tmpdir() reads TMPDIR on every call, and test workers start after this with its env.
 */
export default function testTmpdir(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "outpost-tests-"));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

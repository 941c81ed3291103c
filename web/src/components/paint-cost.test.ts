import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx|ts|css)$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * Backdrop filters re-blur everything behind an element on every frame that changes under it. The
 * console ran them on the sticky list toolbars and the overlay behind every dialog and flyout; with
 * the compositor in software (the e2e browser, wall screens and thin clients without a usable GPU)
 * that was ≈ a third of the browser's CPU: devices.spec 105–113 → 84 s, the browser process
 * 90–97 → 63 s of CPU (docs/benchmarks.md, "Test suite time"). Opaque toolbars and a plain
 * dimmed overlay look the same at a glance and cost nothing per frame.
 */
describe("paint cost", () => {
  it("no backdrop filter anywhere in the console", () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => /backdrop-blur|backdrop-filter/.test(readFileSync(file, "utf8")))
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});

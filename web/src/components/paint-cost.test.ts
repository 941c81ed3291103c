import { describe, expect, it } from "vitest";

/** Every source file of the console, as text (Vite's glob import, also in Vitest). */
const SOURCES: Record<string, string> = import.meta.glob(["../**/*.{ts,tsx,css}", "!../**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

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
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const offenders = Object.entries(SOURCES)
      .filter(([, text]) => /backdrop-blur|backdrop-filter/.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});

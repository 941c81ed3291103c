import { describe, expect, it } from "vitest";
import { openPalette, paletteSnapshot, resetPalette, setPaletteOpen, togglePalette } from "./store";

describe("palette store", () => {
  it("counts openings, so a palette reopened while it animates out starts empty", () => {
    resetPalette();
    openPalette();
    const first = paletteSnapshot();
    expect(first).toMatchObject({ open: true, wanted: true });
    setPaletteOpen(false);
    expect(paletteSnapshot()).toMatchObject({ open: false, wanted: true, opening: first.opening });
    // Reopened at once (the last one is still mounted during its exit animation): a new opening.
    togglePalette();
    const second = paletteSnapshot();
    expect(second).toMatchObject({ open: true, opening: first.opening + 1 });
    // Asking to open an open palette is not a new opening (its query stays).
    openPalette();
    expect(paletteSnapshot().opening).toBe(second.opening);
  });
});

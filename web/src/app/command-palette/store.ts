import { useSyncExternalStore } from "react";

/*
 * Whether the command palette is open, shared by the shortcut, the top bar's
 * button and the palette itself. `wanted` turns true on the first open and stays: from then on
 * the palette's chunk is loaded and its component stays mounted (its dialogs outlive the list).
 */

/**
 * `opening` counts the openings: the palette is keyed by it, so every opening starts empty even
 * when it comes while the last one is still animating out (its content is still mounted then).
 */
let state = { open: false, wanted: false, opening: 0 };
const listeners = new Set<() => void>();

function set(open: boolean) {
  if (state.open === open && (state.wanted || !open)) return;
  state = { open, wanted: state.wanted || open, opening: state.opening + (open ? 1 : 0) };
  for (const listener of listeners) listener();
}

export const setPaletteOpen = (open: boolean) => set(open);
export const openPalette = () => set(true);
export const togglePalette = () => set(!state.open);

/** The current state (what the hook reads). */
export const paletteSnapshot = () => state;

export function usePaletteState(): { open: boolean; wanted: boolean; opening: number } {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, paletteSnapshot);
}

/** The chunk did not load: closed, and the next Ctrl-K tries again. */
export function resetPalette() {
  state = { open: false, wanted: false, opening: state.opening };
  for (const listener of listeners) listener();
}

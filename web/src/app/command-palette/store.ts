import { useSyncExternalStore } from "react";

/*
 * Whether the command palette is open (issue 18 item 5), shared by the shortcut, the top bar's
 * button and the palette itself. `wanted` turns true on the first open and stays: from then on
 * the palette's chunk is loaded and its component stays mounted (its dialogs outlive the list).
 */

let state = { open: false, wanted: false };
const listeners = new Set<() => void>();

function set(open: boolean) {
  if (state.open === open && (state.wanted || !open)) return;
  state = { open, wanted: state.wanted || open };
  for (const listener of listeners) listener();
}

export const setPaletteOpen = (open: boolean) => set(open);
export const openPalette = () => set(true);
export const togglePalette = () => set(!state.open);

export function usePaletteState(): { open: boolean; wanted: boolean } {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** The chunk did not load: closed, and the next Ctrl-K tries again. */
export function resetPalette() {
  state = { open: false, wanted: false };
  for (const listener of listeners) listener();
}

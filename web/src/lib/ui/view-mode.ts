import { useSyncExternalStore } from "react";
import { readString, storageKeys, writeString } from "../session/storage";

/** The assets lists' grid (cards) or format (table rows) view, remembered locally. */
export type ViewMode = "grid" | "format";

let current: ViewMode = readString(storageKeys.view) === "format" ? "format" : "grid";
const listeners = new Set<() => void>();

export function setViewMode(mode: ViewMode) {
  writeString(storageKeys.view, mode);
  current = mode;
  for (const listener of listeners) listener();
}

/** Shared by the shell's toggle and the lists that render in either view. */
export function useViewMode(): ViewMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** The remembered view, outside React (a list's opener, before the list renders). */
export const viewMode = (): ViewMode => current;

const rowsViewLoaders = new Set<() => Promise<unknown>>();

/**
 * A list whose rows view is a chunk of its own registers what loads it (answers the unregister):
 * the view toggle starts it when the pointer or the focus reaches "Table view", and switches to
 * rows once it is here (the table then shows at once, without a skeleton in between).
 */
export function registerRowsView(load: () => Promise<unknown>) {
  rowsViewLoaders.add(load);
  return () => {
    rowsViewLoaders.delete(load);
  };
}

/** Loads the rows view of the lists on screen; settles when each has loaded or failed. */
export async function preloadRowsView() {
  await Promise.allSettled([...rowsViewLoaders].map((load) => load()));
}

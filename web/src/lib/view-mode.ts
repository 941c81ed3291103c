import { useSyncExternalStore } from "react";
import { readString, storageKeys, writeString } from "./storage";

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

import { useSyncExternalStore } from "react";
import { readString, storageKeys, writeString } from "./storage";

/*
 * Per-user preferences of this browser, remembered locally as the theme is (console.md §1).
 * "Show failures of remote actions" (off by default): devices.md §8 shows nothing when
 * remote desktop, RSSH or a screenshot fails; with it on, each failure is a toast with Retry.
 */

const listeners = new Set<() => void>();

export function showRemoteFailures(): boolean {
  return readString(storageKeys.remoteFailures) === "1";
}

export function setShowRemoteFailures(on: boolean) {
  writeString(storageKeys.remoteFailures, on ? "1" : null);
  for (const listener of listeners) listener();
}

export function useShowRemoteFailures(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, showRemoteFailures);
}

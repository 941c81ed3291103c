import { useSyncExternalStore } from "react";
import type { RemoteControl } from "./remote-actions";

/**
 * Remote actions in flight per device (action → request id). Module state, so a loader is still
 * there when the user leaves the Settings tab and comes back while the call runs.
 */
export type Running = Readonly<Partial<Record<RemoteControl, string>>>;

const byDevice = new Map<string, Running>();
const listeners = new Set<() => void>();
const EMPTY: Running = Object.freeze({});

function set(deviceUuid: string, next: Running) {
  if (Object.keys(next).length) byDevice.set(deviceUuid, next);
  else byDevice.delete(deviceUuid);
  for (const listener of listeners) listener();
}

/** Marks `action` as running with `id`; false when it already runs (one at a time per action). */
export function startAction(deviceUuid: string, action: RemoteControl, id: string): boolean {
  const now = byDevice.get(deviceUuid) ?? EMPTY;
  if (now[action]) return false;
  set(deviceUuid, { ...now, [action]: id });
  return true;
}

export function finishAction(deviceUuid: string, action: RemoteControl) {
  const { [action]: _done, ...rest } = byDevice.get(deviceUuid) ?? EMPTY;
  set(deviceUuid, rest);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRunningActions(deviceUuid: string): Running {
  return useSyncExternalStore(subscribe, () => byDevice.get(deviceUuid) ?? EMPTY);
}

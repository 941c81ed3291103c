import { useSyncExternalStore } from "react";
import { type LiveCommand, type LiveCommands, reduceCommands } from "./room-state";

/**
 * The commands of the devices whose room is joined, per device uuid. Only the room hook writes
 * here; the Settings tab reads it (loaders, vision progress).
 */
const byDevice = new Map<string, LiveCommands>();
const listeners = new Set<() => void>();
const EMPTY: LiveCommands = Object.freeze({});

function emit() {
  for (const listener of listeners) listener();
}

export function recordCommand(deviceUuid: string, command: LiveCommand) {
  const before = byDevice.get(deviceUuid) ?? EMPTY;
  const after = reduceCommands(before, command);
  if (after === before) return;
  byDevice.set(deviceUuid, after);
  emit();
}

export function forgetCommands(deviceUuid: string) {
  if (byDevice.delete(deviceUuid)) emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The device's commands as its room reported them since the flyout opened. */
export function useDeviceCommands(deviceUuid: string): LiveCommands {
  return useSyncExternalStore(subscribe, () => byDevice.get(deviceUuid) ?? EMPTY);
}

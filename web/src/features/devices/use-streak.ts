import type { Device } from "@contracts/devices/schema";
import { useSyncExternalStore } from "react";
import { isConnectionLost } from "@/lib/realtime/connection";
import { formatDuration, streakSeconds } from "./logic/format";

/** devices.md §9: streak counters tick every second. */
export const STREAK_TICK_MS = 1000;

// One shared clock for every visible counter (a list shows dozens of them).
let now = Date.now();
const listeners = new Set<() => void>();
let timer: number | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = window.setInterval(() => {
      // While the server is gone the counters stop where they were: "Online for" cannot be known.
      if (isConnectionLost()) return;
      now = Date.now();
      for (const l of listeners) l();
    }, STREAK_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** `Date.now()`, refreshed every second while mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

/** The live online (since online_since) or offline (since last_seen) streak as hh:mm:ss, and its seconds. */
export function useStreak(device: Pick<Device, "online" | "online_since" | "last_seen">) {
  const current = useNow();
  const seconds = streakSeconds(device.online ? (device.online_since ?? device.last_seen) : device.last_seen, current);
  return seconds === null ? null : { online: device.online, seconds, text: formatDuration(seconds) };
}

import { useSyncExternalStore } from "react";

/** One shared clock for every relative time on screen (a wall of rows, one timer). */
const TICK_MS = 10_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, redrawn every 10 s while anything on screen shows a relative time. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

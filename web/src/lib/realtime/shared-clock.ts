import { useSyncExternalStore } from "react";

/**
 * A clock shared by every component that shows it: one timer ticking every `tickMs` while
 * anything subscribes, none when nothing does. Returns the hook that reads it.
 */
export function sharedClock(tickMs: number): () => number {
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
      }, tickMs);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }

  return () => useSyncExternalStore(subscribe, () => now);
}

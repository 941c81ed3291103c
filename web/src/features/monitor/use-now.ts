import { sharedClock } from "@/lib/realtime/shared-clock";

/** The current time, redrawn every 10 s while anything on screen shows a relative time (one timer for a wall of rows). */
export const useNow: () => number = sharedClock(10_000);

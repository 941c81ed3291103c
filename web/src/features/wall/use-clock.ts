import { sharedClock } from "@/lib/realtime/shared-clock";

/** The wall's one-second clock (only the components that show seconds subscribe). */
export const useClock: () => number = sharedClock(1000);

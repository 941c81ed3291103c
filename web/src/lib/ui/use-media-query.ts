import { useCallback, useSyncExternalStore } from "react";

/** Below Tailwind's md breakpoint: phones (the navigation drawer, filter sheets, card lists). */
export const PHONE_QUERY = "(max-width: 767px)";

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

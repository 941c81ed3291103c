import { type RefObject, useLayoutEffect, useState } from "react";
import { useTheme } from "@/lib/session/theme";
import type { MapTheme } from "./map-style";

/**
 * The theme the map sits in: the console's, or dark when an ancestor carries the `dark` class
 * by itself (a wall screen that is dark by default). Follows class changes on <html>.
 */
export function useMapTheme(ref: RefObject<HTMLElement | null>): MapTheme {
  const theme = useTheme();
  const [dark, setDark] = useState(theme === "dark");
  useLayoutEffect(() => {
    const check = () => setDark(ref.current ? ref.current.closest(".dark") !== null : theme === "dark");
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, [ref, theme]);
  return dark ? "dark" : "light";
}

import { useEffect, useRef } from "react";
import type { LatLng } from "./coordinates";

/**
 * Asks the browser for the user's position once (when `enabled`) and hands it over if allowed;
 * a refusal or an error just leaves the map at its default centre.
 */
export function useInitialGeolocation(enabled: boolean, onFound: (position: LatLng) => void) {
  const latest = useRef(onFound);
  useEffect(() => {
    latest.current = onFound;
  }, [onFound]);
  useEffect(() => {
    if (!enabled || !("geolocation" in navigator)) return;
    let active = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (active) latest.current({ lat: coords.latitude, lng: coords.longitude });
      },
      () => {},
      { maximumAge: 10 * 60_000, timeout: 10_000 },
    );
    return () => {
      active = false;
    };
  }, [enabled]);
}

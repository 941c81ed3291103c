import type { LngLatBoundsLike } from "maplibre-gl";

/** One location on the fleet map (the wall's contract: see fleet-map.tsx). */
export type FleetMapLocation = {
  uuid: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  status: "online" | "partially_online" | "offline";
  devices_total: number;
  devices_online: number;
};

export type LocatedLocation = FleetMapLocation & { latitude: number; longitude: number };

const inRange = (value: number | null, limit: number): value is number =>
  value !== null && Number.isFinite(value) && Math.abs(value) <= limit;

const STATUS_RANK: Record<FleetMapLocation["status"], number> = { online: 0, partially_online: 1, offline: 2 };

/**
 * The locations that can be drawn, in drawing order: the big ones first and problems last, so
 * an offline location is never hidden under a healthy one (later markers lie on top).
 */
export function locatedLocations(locations: readonly FleetMapLocation[]): LocatedLocation[] {
  return locations
    .filter((l): l is LocatedLocation => inRange(l.latitude, 90) && inRange(l.longitude, 180))
    .sort(
      (a, b) =>
        STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
        b.devices_total - a.devices_total ||
        a.name.localeCompare(b.name),
    );
}

/**
 * A marker's diameter in px at a 16 px font (the map scales it with its font size): grows with
 * the square root of the device count (area ∝ count), 20…64.
 */
export function markerDiameter(devicesTotal: number): number {
  const count = Math.max(0, devicesTotal);
  return Math.round(Math.min(64, 20 + 7 * Math.sqrt(count)));
}

/** The box around every located location ([west, south], [east, north]), or null without any. */
export function fleetBounds(located: readonly LocatedLocation[]): [[number, number], [number, number]] | null {
  if (located.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const l of located) {
    west = Math.min(west, l.longitude);
    east = Math.max(east, l.longitude);
    south = Math.min(south, l.latitude);
    north = Math.max(north, l.latitude);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** A stable key of a box, so the map refits only when the fleet's extent really changed. */
export const boundsKey = (bounds: LngLatBoundsLike | null) => JSON.stringify(bounds);

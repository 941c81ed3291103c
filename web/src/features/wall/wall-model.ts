import type { LocationAvailability, WallGroup, WallLocation, WallSummary } from "@contracts/wall/schema";
import type { WallParams } from "./wall-params";

/**
 * What the wall shows, derived from its summary. Pure, so the order of problems and
 * the rotation are unit-tested apart from the screen.
 */

export type WallView =
  | { key: string; kind: "overview" }
  | { key: string; kind: "problems" }
  | { key: string; kind: "screens" }
  | { key: string; kind: "group"; group: WallGroup };

/**
 * The views the wall rotates through: totals + map, the problem lists, then one per location
 * group (not when narrowed to one location, or to one group — that is the overview already).
 * `?view=` keeps one kind (every group for `groups`); a wall with no group to show keeps the others.
 */
export function wallViews(
  summary: Pick<WallSummary, "groups" | "scope"> & Partial<Pick<WallSummary, "displays">>,
  params: Pick<WallParams, "view">,
): WallView[] {
  const narrowed = summary.scope.location !== null || summary.scope.group !== null;
  const groups: WallView[] = narrowed
    ? []
    : summary.groups.map((group) => ({ key: `group:${group.uuid}`, kind: "group", group }));
  // The screens in trouble join the rotation while there are any (`?view=screens` keeps them, calm when none).
  const screens: WallView[] = summary.displays?.length ? [{ key: "screens", kind: "screens" }] : [];
  const all: WallView[] = [
    { key: "overview", kind: "overview" },
    { key: "problems", kind: "problems" },
    ...screens,
    ...groups,
  ];
  if (params.view === "groups" && groups.length) return groups;
  if (params.view === "screens") return [{ key: "screens", kind: "screens" }];
  if (params.view === "overview" || params.view === "problems") return all.filter((v) => v.kind === params.view);
  return all;
}

/** The view shown `elapsed` rotations after the first (wrapping). */
export const viewAt = (views: readonly WallView[], index: number) =>
  views[((index % views.length) + views.length) % views.length];

const offlineShare = (l: WallLocation) => (l.devices_total ? l.devices_offline / l.devices_total : 0);

/**
 * Locations with offline devices during their working hours (expected online now), worst first:
 * the largest share of their installed devices offline, then the most offline, then by name.
 */
export function offlineInWorkingHours(locations: readonly WallLocation[]): WallLocation[] {
  return locations
    .filter((l) => l.expected_online === true && l.devices_offline > 0)
    .sort(
      (a, b) =>
        offlineShare(b) - offlineShare(a) || b.devices_offline - a.devices_offline || a.name.localeCompare(b.name),
    );
}

const STATUS_RANK = { offline: 0, partially_online: 1, online: 2 } as const;

/**
 * Locations for the status board, problems first: offline, then partially online, then online;
 * within each, those in their working hours first, the most offline devices first, then by name.
 * Locations without installed devices come last (offline with nothing to be online says little).
 */
export function boardOrder(locations: readonly WallLocation[]): WallLocation[] {
  return [...locations].sort(
    (a, b) =>
      Number(a.devices_total === 0) - Number(b.devices_total === 0) ||
      STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
      Number(b.expected_online === true) - Number(a.expected_online === true) ||
      b.devices_offline - a.devices_offline ||
      a.name.localeCompare(b.name),
  );
}

/** A group's locations from the summary, in board order. */
export function groupLocations(summary: Pick<WallSummary, "locations">, group: WallGroup): WallLocation[] {
  const members = new Set(group.location_uuids);
  return boardOrder(summary.locations.filter((l) => members.has(l.uuid)));
}

/** The worst `count` locations with a 24 h figure, each with its 7 d figure when known. */
export function worstAvailability(
  day: readonly LocationAvailability[],
  week: readonly LocationAvailability[],
  count = 10,
): { uuid: string; name: string; day: number; week: number | null }[] {
  const weekly = new Map(week.map((l) => [l.location_uuid, l.availability]));
  return day
    .filter((l): l is LocationAvailability & { availability: number } => l.availability !== null)
    .slice(0, count)
    .map((l) => ({
      uuid: l.location_uuid,
      name: l.location_name,
      day: l.availability,
      week: weekly.get(l.location_uuid) ?? null,
    }));
}

/** 0.9734 → "97.3 %" (one decimal below 100 %, so 99.96 % does not read as 100 %). */
export function formatShare(share: number | null): string {
  if (share === null) return "—";
  if (share >= 1) return "100 %";
  const pct = Math.floor(share * 1000) / 10;
  return `${pct.toFixed(1)} %`;
}

/** hh:mm:ss on the screen's clock. */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

/**
 * How long a device has been offline, read from across a room: the two largest units ("3 d 4 h",
 * "5 h 12 min", "12 min", "45 s"); null for a device never seen.
 */
export function offlineFor(lastSeen: string | null, now: number): string | null {
  if (!lastSeen) return null;
  const seconds = Math.max(0, Math.floor((now - Date.parse(lastSeen)) / 1000));
  if (!Number.isFinite(seconds)) return null;
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${seconds} s`;
}

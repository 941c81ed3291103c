import type { ServerMessage } from "@contracts/realtime/events";

/**
 * The wall's ticker: the latest events of the space room as short lines, newest
 * first, at most TICKER_MAX kept — so hours of events leave the memory and the DOM as they were.
 */

export type TickerKind = "offline" | "online" | "critical_peripheral" | "detection" | "gap";

export type TickerItem = {
  /** Unique on the page (a counter), the row's key. */
  id: number;
  /** When the wall heard it (ms). */
  at: number;
  kind: TickerKind;
  /** The device's name, or the location's for a detection. */
  name: string;
  /** The location it happened at, when the frame says (presence, peripherals, detection). */
  location_uuid: string | null;
  /** Critical peripheral types; the number of machines a detection found. */
  peripherals?: string[];
  detected?: number;
  /** A gap: when the link was lost (ms); `at` is when it came back. */
  lostAt?: number;
};

export const TICKER_MAX = 50;

/** The ticker line of a room frame, or null for frames the ticker does not show. */
export function tickerItemOf(message: ServerMessage, at: number, id: number): TickerItem | null {
  if (message.type === "deviceDetailsUpdate") {
    const base = { id, at, name: message.device_name ?? "" };
    if (message.event === "deviceOffline" || message.event === "deviceOnline") {
      const kind = message.event === "deviceOffline" ? "offline" : "online";
      return { ...base, kind, location_uuid: message.data.location_uuid };
    }
    const critical = message.event === "deviceUpdated" ? message.data?.critical_peripherals : undefined;
    if (message.event === "deviceUpdated" && critical?.length) {
      return {
        ...base,
        kind: "critical_peripheral",
        location_uuid: message.data?.location_uuid ?? null,
        peripherals: critical,
      };
    }
    return null;
  }
  if (message.type === "locationDetailsUpdate") {
    if (message.event !== "devicesDetected" && message.event !== "noDevicesDetected") return null;
    return {
      id,
      at,
      kind: "detection",
      name: message.location_name ?? "",
      location_uuid: message.location_uuid,
      detected: message.event === "noDevicesDetected" ? 0 : message.data.total_detections,
    };
  }
  return null;
}

/** The list with `item` in front, cut to `max`. */
export function pushTicker(items: readonly TickerItem[], item: TickerItem, max = TICKER_MAX): TickerItem[] {
  return [item, ...items.slice(0, max - 1)];
}

/**
 * Whether a wall narrowed to `locations` (null: the whole space) shows the item: one without a
 * location only on a whole-space wall.
 */
export const tickerInScope = (item: TickerItem, locations: ReadonlySet<string> | null) =>
  locations === null || (item.location_uuid !== null && locations.has(item.location_uuid));

/** Frames after which the summary is read again (counts, statuses, critical devices change). */
export function changesSummary(message: ServerMessage): boolean {
  if (message.type === "deviceDetailsUpdate") return true;
  if (message.type === "locationDetailsUpdate") return true;
  return false;
}

type OfflineDevice = { uuid: string; name: string; location_uuid: string | null; last_seen: string | null };

/**
 * What the ticker missed while the link was down, read from two summaries: the devices that went
 * offline (at their last heartbeat) and came back online since, newest first, behind a "gap" line
 * that says the link was lost from `lostAt` to `backAt`, so a quiet ticker never hides a rise in
 * OFFLINE. Events that left no trace in the summary (a short outage) stay missed: the gap says so.
 */
export function catchUpTicker(
  before: readonly OfflineDevice[],
  after: readonly OfflineDevice[],
  lostAt: number,
  backAt: number,
  nextId: () => number,
): TickerItem[] {
  const was = new Map(before.map((d) => [d.uuid, d]));
  const now = new Set(after.map((d) => d.uuid));
  const wentOffline = after
    .filter((d) => !was.has(d.uuid))
    .map((d) => ({ d, at: d.last_seen ? Math.min(backAt, Math.max(lostAt, Date.parse(d.last_seen))) : lostAt }));
  const cameBack = before.filter((d) => !now.has(d.uuid)).map((d) => ({ d, at: backAt }));
  const items: TickerItem[] = [
    ...wentOffline.map(({ d, at }) => ({ kind: "offline" as const, d, at })),
    ...cameBack.map(({ d, at }) => ({ kind: "online" as const, d, at })),
  ]
    .sort((a, b) => b.at - a.at)
    .map(({ kind, d, at }) => ({ id: nextId(), at, kind, name: d.name, location_uuid: d.location_uuid }));
  const gap: TickerItem = { id: nextId(), at: backAt, kind: "gap", name: "", location_uuid: null, lostAt };
  return [gap, ...items];
}

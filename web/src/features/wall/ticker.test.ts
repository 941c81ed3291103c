import type { DeviceChangeData, ServerMessage } from "@contracts/realtime/events";
import { describe, expect, it } from "vitest";
import { catchUpTicker, pushTicker, TICKER_MAX, type TickerItem, tickerInScope, tickerItemOf } from "./ticker";

const base = { type: "deviceDetailsUpdate", space_uuid: "s", device_uuid: "d", device_name: "Till 4" } as const;
const presence = (event: "deviceOnline" | "deviceOffline", location_uuid: string | null = null): ServerMessage => ({
  ...base,
  event,
  data: { online: event === "deviceOnline", online_since: null, last_seen: null, location_uuid },
});
const updated = (data?: DeviceChangeData): ServerMessage => ({ ...base, event: "deviceUpdated", data });

describe("tickerItemOf", () => {
  it("turns presence, a critical peripheral and a detection into lines", () => {
    expect(tickerItemOf(presence("deviceOffline", "l1"), 5, 1)).toEqual({
      id: 1,
      at: 5,
      kind: "offline",
      name: "Till 4",
      location_uuid: "l1",
    });
    expect(tickerItemOf(presence("deviceOnline"), 5, 2)).toMatchObject({ kind: "online", location_uuid: null });
    expect(tickerItemOf(updated({ critical_peripherals: ["bill_acceptor"], location_uuid: "l1" }), 5, 3)).toMatchObject(
      { kind: "critical_peripheral", peripherals: ["bill_acceptor"] },
    );
    const detection = {
      type: "locationDetailsUpdate",
      event: "devicesDetected",
      space_uuid: "s",
      location_uuid: "l2",
      location_name: "Harbour",
      data: {
        uuid: "scan",
        location_uuid: "l2",
        status: "completed",
        total_detections: 3,
        created_at: "2026-11-29T10:00:00.000Z",
        completed_at: "2026-11-29T10:00:05.000Z",
      },
    } as const;
    expect(tickerItemOf(detection, 5, 4)).toMatchObject({ kind: "detection", name: "Harbour", detected: 3 });
  });
  it("ignores other frames", () => {
    expect(tickerItemOf(updated(), 5, 1)).toBeNull();
    expect(tickerItemOf({ type: "pong", at: 1 }, 5, 1)).toBeNull();
  });
});

describe("pushTicker", () => {
  it("keeps the newest TICKER_MAX lines, newest first", () => {
    let items: TickerItem[] = [];
    for (let i = 0; i < 500; i++) {
      items = pushTicker(items, { id: i, at: i, kind: "online", name: `d${i}`, location_uuid: null });
    }
    expect(items).toHaveLength(TICKER_MAX);
    expect(items[0].id).toBe(499);
    expect(items[TICKER_MAX - 1].id).toBe(500 - TICKER_MAX);
  });
});

describe("tickerInScope", () => {
  const item: TickerItem = { id: 1, at: 1, kind: "offline", name: "x", location_uuid: "l1" };
  it("shows everything on a whole-space wall, only its locations' lines when narrowed", () => {
    expect(tickerInScope(item, null)).toBe(true);
    expect(tickerInScope(item, new Set(["l1"]))).toBe(true);
    expect(tickerInScope(item, new Set(["l2"]))).toBe(false);
    expect(tickerInScope({ ...item, location_uuid: null }, new Set(["l1"]))).toBe(false);
  });
});

describe("the ticker after a lost link", () => {
  const off = (uuid: string, last_seen: string | null) => ({ uuid, name: uuid, location_uuid: "l1", last_seen });
  it("catches up from the offline devices before and after, behind a line saying the link was lost", () => {
    const lostAt = Date.parse("2026-11-29T03:02:25Z");
    const backAt = Date.parse("2026-11-29T03:10:00Z");
    let id = 0;
    const items = catchUpTicker(
      [off("old", "2026-11-28T00:00:00Z"), off("back", "2026-11-29T02:00:00Z")],
      [off("old", "2026-11-28T00:00:00Z"), off("a", "2026-11-29T03:04:00Z"), off("b", "2026-11-29T03:06:00Z")],
      lostAt,
      backAt,
      () => ++id,
    );
    expect(items.map((i) => [i.kind, i.name, i.at])).toEqual([
      ["gap", "", backAt],
      ["online", "back", backAt],
      ["offline", "b", Date.parse("2026-11-29T03:06:00Z")],
      ["offline", "a", Date.parse("2026-11-29T03:04:00Z")],
    ]);
    expect(items[0]?.lostAt).toBe(lostAt);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it("still says events were missed when the totals show no change", () => {
    const items = catchUpTicker([], [], 1000, 2000, () => 1);
    expect(items).toEqual([{ id: 1, at: 2000, kind: "gap", name: "", location_uuid: null, lostAt: 1000 }]);
  });
});

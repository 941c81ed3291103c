import type { DeviceList } from "@contracts/devices/schema";
import type { ServerMessage } from "@contracts/realtime/events";
import { type InfiniteData, QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ALERT_GATHER_MS,
  countPresence,
  PRESENCE_REFETCH_MS,
  presenceAlert,
} from "../../features/devices/live/realtime-devices";
import { type TFunction, translate } from "../i18n";
import { ALERT_DURATION_MS, type Alert } from "../ui/alerts";
import { applyServerMessage } from "./realtime";

// The session module follows other tabs through `window`; these tests need none of it.
vi.mock("../session/session", () => ({ freshAccessToken: vi.fn(), getSession: vi.fn() }));

const t: TFunction = (key, vars) => translate("en", key, vars);
const SPACE = "space-1";

function deps() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  const alerts: Alert[] = [];
  const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { deps: { queryClient, alert: (a: Alert) => alerts.push(a), t }, invalidate, alerts, keys, queryClient };
}

type Event = "deviceOnline" | "deviceOffline" | "deviceInstalled" | "deviceUpdated" | "deviceDeleted";
const device = (event: Event, uuid = "d1", name = "ZG Kiosk"): ServerMessage => {
  const base = { type: "deviceDetailsUpdate", space_uuid: SPACE, device_uuid: uuid, device_name: name } as const;
  if (event === "deviceOnline") {
    const at = "2026-11-22T10:00:00.000Z";
    return { ...base, event, data: { online: true, online_since: at, last_seen: at, location_uuid: null } };
  }
  if (event === "deviceOffline") {
    const data = { online: false, online_since: null, last_seen: "2026-11-22T10:05:00.000Z", location_uuid: null };
    return { ...base, event, data };
  }
  return { ...base, event };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  // All, not only pending: a refetch window re-arms itself once (realtime-devices.ts throttle).
  vi.runAllTimers();
  vi.useRealTimers();
});

describe("applyServerMessage", () => {
  it("a deleted device's own queries are not asked again (they would answer 404); the lists are", async () => {
    const { deps: d, queryClient } = deps();
    const fetchDetail = vi.fn(async () => ({ uuid: "d1" }));
    const fetchComments = vi.fn(async () => []);
    const fetchList = vi.fn(async () => ({ devices: [] }));
    const observe = (queryKey: unknown[], queryFn: () => Promise<unknown>) =>
      new QueryObserver(queryClient, { queryKey, queryFn }).subscribe(() => {});
    const stop = [
      observe(["space", SPACE, "devices", "detail", "d1"], fetchDetail),
      observe(["space", SPACE, "devices", "detail", "d1", "comments", "device", ""], fetchComments),
      observe(["space", SPACE, "devices", "list", {}], fetchList),
    ];
    await vi.runOnlyPendingTimersAsync();
    applyServerMessage(device("deviceDeleted"), d);
    await vi.runOnlyPendingTimersAsync();
    expect([fetchDetail.mock.calls.length, fetchComments.mock.calls.length, fetchList.mock.calls.length]).toEqual([
      1, 1, 2,
    ]);
    for (const unsubscribe of stop) unsubscribe();
  });

  it("announces presence (after a short gathering) and installation with the right alert type", () => {
    const { deps: d, alerts } = deps();
    applyServerMessage(device("deviceOnline"), d);
    applyServerMessage(device("deviceInstalled"), d);
    expect(alerts.map((a) => a.message)).toEqual(["ZG Kiosk was installed"]);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    applyServerMessage(device("deviceOffline"), d);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    // One presence toast per space, updated in place (same uuid) into a counter.
    expect(alerts.map((a) => [a.type, a.message, a.uuid])).toEqual([
      ["info", "ZG Kiosk was installed", undefined],
      ["info", "ZG Kiosk just became online", `presence:${SPACE}`],
      ["warning", "Devices just became online: 1 · went offline: 1", `presence:${SPACE}`],
    ]);
  });

  it("starts the presence counter again once its toast has closed", () => {
    const { deps: d, alerts } = deps();
    vi.advanceTimersByTime(10_000);
    applyServerMessage(device("deviceOffline", "x", "Xena"), d);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    vi.advanceTimersByTime(ALERT_DURATION_MS + 1);
    applyServerMessage(device("deviceOffline", "y", "Yuri"), d);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    expect(alerts.map((a) => a.message)).toEqual(["Xena just went offline", "Yuri just went offline"]);
  });

  it("sums up a burst of presence changes in one counter alert", () => {
    const { deps: d, alerts } = deps();
    vi.advanceTimersByTime(10_000);
    for (const uuid of ["a", "b", "c"]) applyServerMessage(device("deviceOffline", uuid, uuid), d);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    applyServerMessage(device("deviceOnline", "e", "Eve"), d);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    expect(alerts.map((a) => [a.type, a.message, a.uuid])).toEqual([
      ["warning", "3 devices just went offline", `presence:${SPACE}`],
      ["warning", "Devices just became online: 1 · went offline: 3", `presence:${SPACE}`],
    ]);
  });

  it("keeps presence chatter to one toast while actionable toasts keep their own", () => {
    const count = { online: ["a", "b"], offline: [] };
    expect(presenceAlert(SPACE, count, t)).toEqual({
      type: "info",
      uuid: `presence:${SPACE}`,
      message: "2 devices just became online",
    });
    const first = countPresence(undefined, { online: ["a"], offline: [] }, 1000);
    const second = countPresence(first, { online: [], offline: ["b"] }, 2000);
    expect(second).toEqual({ online: ["a"], offline: ["b"], shownAt: 2000 });
    expect(countPresence(second, { online: ["c"], offline: [] }, 2000 + ALERT_DURATION_MS + 1)).toEqual({
      online: ["c"],
      offline: [],
      shownAt: 2000 + ALERT_DURATION_MS + 1,
    });
  });

  it("patches presence into cached list pages at once, refetches a second later and then at most every 10 s", () => {
    const { deps: d, keys, queryClient } = deps();
    const listKey = ["space", SPACE, "devices", "list", {}];
    const page = (uuids: string[]) =>
      ({
        devices: uuids.map((uuid) => ({ uuid, online: true, online_since: "x", last_seen: "x" })),
      }) as unknown as DeviceList;
    queryClient.setQueryData<InfiniteData<DeviceList>>(listKey, { pages: [page(["d0", "d1"])], pageParams: [null] });

    applyServerMessage(device("deviceOffline"), d);
    applyServerMessage(device("deviceOffline", "d0"), d);
    const devices = queryClient.getQueryData<InfiniteData<DeviceList>>(listKey)?.pages[0]?.devices;
    expect(devices?.map((x) => [x.uuid, x.online, x.online_since])).toEqual([
      ["d0", false, null],
      ["d1", false, null],
    ]);
    expect(keys()).toEqual([]);

    // One refetch for the burst, a second after it began.
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    const refetched = [
      ["space", SPACE, "devices"],
      ["space", SPACE, "locations"],
      ["space", SPACE, "groups"],
    ];
    expect(keys()).toEqual(refetched);

    // More changes inside the 10 s window: one more refetch at its end, none before.
    applyServerMessage(device("deviceOnline", "d0"), d);
    applyServerMessage(device("deviceOnline", "d1"), d);
    vi.advanceTimersByTime(PRESENCE_REFETCH_MS - 100);
    expect(keys()).toEqual(refetched);
    vi.advanceTimersByTime(100 + ALERT_GATHER_MS);
    expect(keys()).toEqual([...refetched, ...refetched]);
    vi.advanceTimersByTime(PRESENCE_REFETCH_MS * 3);
    expect(keys()).toEqual([...refetched, ...refetched]);
  });

  it("refetches at once for other device changes, totals only when they can change", () => {
    const { deps: d, keys, invalidate } = deps();
    applyServerMessage(device("deviceUpdated"), d);
    expect(keys()).toEqual([["space", SPACE, "devices"]]);
    invalidate.mockClear();
    applyServerMessage(device("deviceInstalled"), d);
    expect(keys()).toEqual([
      ["space", SPACE, "devices"],
      ["space", SPACE, "locations"],
      ["space", SPACE, "groups"],
    ]);
  });

  it("alerts on location status changes, a burst gathered into one alert per status", () => {
    const { deps: d, alerts, keys } = deps();
    const location = (
      event: "locationOnline" | "locationPartiallyOnline" | "locationOffline",
      uuid: string,
      name: string,
    ) =>
      ({
        type: "locationDetailsUpdate",
        event,
        space_uuid: SPACE,
        location_uuid: uuid,
        location_name: name,
        data: {
          online_status:
            event === "locationOnline" ? "online" : event === "locationOffline" ? "offline" : "partially_online",
          total_online_number: event === "locationOffline" ? 0 : 1,
          total_connected_number: 2,
        },
      }) as const;
    applyServerMessage(location("locationPartiallyOnline", "l1", "Zagreb HQ"), d);
    expect(alerts).toEqual([]);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    expect(alerts).toEqual([expect.objectContaining({ type: "warning", message: "Zagreb HQ is partially online" })]);

    // A fleet coming up: each location passes through partially online to online.
    alerts.length = 0;
    for (const [uuid, name] of [
      ["l1", "Zagreb HQ"],
      ["l2", "Split Riva"],
      ["l3", "Rijeka Port"],
    ]) {
      applyServerMessage(location("locationPartiallyOnline", uuid, name), d);
      applyServerMessage(location("locationOnline", uuid, name), d);
    }
    applyServerMessage(location("locationOffline", "l4", "Osijek Mall"), d);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    expect(alerts.map((a) => [a.type, a.message])).toEqual([
      ["info", "3 locations are online"],
      ["warning", "Osijek Mall went offline"],
    ]);
    // Location lists refetch once for the whole burst, not per event (patched in place meanwhile).
    vi.advanceTimersByTime(PRESENCE_REFETCH_MS);
    expect(keys().filter((k) => k?.[2] === "locations")).toHaveLength(1);
  });

  it("patches a location's status and counts into cached list pages at once", () => {
    const { deps: d, queryClient } = deps();
    const key = ["space", SPACE, "locations", "list", {}];
    const row = (uuid: string) => ({
      uuid,
      online_status: "offline",
      total_online_number: 0,
      total_connected_number: 2,
    });
    queryClient.setQueryData(key, { pages: [{ locations: [row("l1"), row("l2")] }], pageParams: [1] });
    applyServerMessage(
      {
        type: "locationDetailsUpdate",
        event: "locationPartiallyOnline",
        space_uuid: SPACE,
        location_uuid: "l1",
        location_name: "Zagreb HQ",
        data: { online_status: "partially_online", total_online_number: 1, total_connected_number: 2 },
      },
      d,
    );
    const pages = queryClient.getQueryData<{ pages: { locations: ReturnType<typeof row>[] }[] }>(key)?.pages;
    expect(pages?.[0].locations).toEqual([
      { uuid: "l1", online_status: "partially_online", total_online_number: 1, total_connected_number: 2 },
      row("l2"),
    ]);
  });

  it("refetches locations at once for edits and deletions, without an alert", () => {
    const { deps: d, alerts, keys } = deps();
    applyServerMessage(
      { type: "locationDetailsUpdate", event: "locationUpdated", space_uuid: SPACE, location_uuid: "l1" },
      d,
    );
    expect(keys()).toEqual([
      ["space", SPACE, "locations"],
      ["space", SPACE, "groups"],
    ]);
    vi.advanceTimersByTime(ALERT_GATHER_MS);
    expect(alerts).toEqual([]);
  });
});

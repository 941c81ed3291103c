import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catchUpAfterJoin, fetchStartedAt, trackFetchStarts } from "./catch-up";

/** A welcome's ages with only a device or location event (no account presence yet). */
const fleet = (age: number | null) => ({ last_event_age_ms: age, last_presence_age_ms: null });

describe("catching up after a room's welcome", () => {
  let client: QueryClient;
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    stop = trackFetchStarts(client.getQueryCache());
  });
  afterEach(() => {
    stop();
    client.clear();
    vi.useRealTimers();
  });

  /** A watched query (as a mounted list is) whose fetches are counted. */
  async function watched(key: unknown[], at: number) {
    vi.setSystemTime(at);
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        calls++;
        return calls;
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    return { calls: () => calls, unsubscribe, query: client.getQueryCache().find({ queryKey: key }) };
  }

  it("refetches the space's queries fetched before the room's last event, and nothing else", async () => {
    const before = await watched(["space", "s1", "devices", "list", {}], 1_000);
    const after = await watched(["space", "s1", "locations", "list", {}], 5_000);
    const wall = await watched(["wall", "s1", "totals"], 2_000);
    const otherSpace = await watched(["space", "s2", "devices", "list", {}], 1_000);
    const notSpace = await watched(["reference", "countries"], 1_000);
    expect(before.query && fetchStartedAt(before.query)).toBe(1_000);

    // Welcomed at 6 000 with the last event 2 000 ms ago: the event was at 4 000.
    vi.setSystemTime(6_000);
    expect(catchUpAfterJoin(client, "s1", fleet(2_000), 6_000)).toBe(2);
    await vi.waitFor(() => expect(before.calls()).toBe(2));
    await vi.waitFor(() => expect(wall.calls()).toBe(2));
    expect(after.calls()).toBe(1);
    expect(otherSpace.calls()).toBe(1);
    expect(notSpace.calls()).toBe(1);

    // The refetch started after the event: a second welcome (a reconnect) with no newer event asks nothing.
    expect(catchUpAfterJoin(client, "s1", fleet(4_000), 8_000)).toBe(0);
    for (const q of [before, after, wall, otherSpace, notSpace]) q.unsubscribe();
  });

  it("a room that never published an event refetches nothing", async () => {
    const list = await watched(["space", "s1", "devices", "list", {}], 1_000);
    expect(catchUpAfterJoin(client, "s1", fleet(null), 6_000)).toBe(0);
    expect(list.calls()).toBe(1);
    list.unsubscribe();
  });

  it("a reconnect after a gap with an event in it refetches what is on screen", async () => {
    const list = await watched(["space", "s1", "devices", "list", {}], 1_000);
    // First join at 1 500: the last event was long before the fetch.
    expect(catchUpAfterJoin(client, "s1", fleet(60_000), 1_500)).toBe(0);
    // The socket drops; a device goes offline at 9 000; the socket rejoins at 9 500.
    vi.setSystemTime(9_500);
    expect(catchUpAfterJoin(client, "s1", fleet(500), 9_500)).toBe(1);
    await vi.waitFor(() => expect(list.calls()).toBe(2));
    list.unsubscribe();
  });

  it("account presence refetches the space's accounts only", async () => {
    const accounts = await watched(["space", "s1", "accounts", "list", {}], 1_000);
    const devices = await watched(["space", "s1", "devices", "list", {}], 1_000);
    vi.setSystemTime(6_000);
    // Someone came online at 4 000; no device event ever.
    expect(catchUpAfterJoin(client, "s1", { last_event_age_ms: null, last_presence_age_ms: 2_000 }, 6_000)).toBe(1);
    await vi.waitFor(() => expect(accounts.calls()).toBe(2));
    expect(devices.calls()).toBe(1);
    accounts.unsubscribe();
    devices.unsubscribe();
  });
});

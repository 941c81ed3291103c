import type { MonitoringList } from "@contracts/monitoring/schema";
import { describe, expect, it, vi } from "vitest";
import {
  countsQuery,
  emptyMonitoringFilters,
  hasActiveMonitoringFilters,
  monitoringFiltersFromSearch,
  toggleCount,
  toggleHeading,
  toMonitoringQuery,
  uniqueByUuid,
  withMonitoringFilters,
} from "./performance-filters";
import { monitorQueries } from "./queries";

// The query factory is what is tested here, not the network (lib/api needs a browser session).
vi.mock("@/lib/api/api", () => ({ callApi: vi.fn() }));

describe("monitoring filters", () => {
  it("leaves empty filters out and trims the name", () => {
    expect(toMonitoringQuery(emptyMonitoringFilters())).toEqual({});
    expect(hasActiveMonitoringFilters({})).toBe(false);
    const query = toMonitoringQuery({
      ...emptyMonitoringFilters(),
      name: "  till 4 ",
      location_uuid: "loc",
      combined_status: "3",
      domain: "bottom",
    });
    expect(query).toEqual({ name: "till 4", location_uuid: "loc", combined_status: 3, domain: "bottom" });
    expect(hasActiveMonitoringFilters(query)).toBe(true);
  });

  it("a clicked count filters the list to its heading and condition, and a second click removes it", () => {
    const state = toggleCount(emptyMonitoringFilters(), "thermal", 3);
    expect(toMonitoringQuery(state)).toEqual({ heading: "thermal", condition: 3 });
    const other = toggleCount(state, "thermal", 2);
    expect(toMonitoringQuery(other)).toEqual({ heading: "thermal", condition: 2 });
    expect(toggleCount(other, "thermal", 2).count).toBeNull();
    const peripheral = toggleCount(state, "bill_acceptor", 3);
    expect(toMonitoringQuery(peripheral)).toEqual({ heading: "bill_acceptor", condition: 3 });
  });

  it("a tile's name filters to its warnings and criticals together; clicked again, the filter goes", () => {
    const state = toggleHeading(emptyMonitoringFilters(), "ram");
    expect(toMonitoringQuery(state)).toEqual({ heading: "ram" });
    expect(toggleHeading(state, "ram").count).toBeNull();
    expect(toMonitoringQuery(toggleCount(state, "ram", 3))).toEqual({ heading: "ram", condition: 3 });
  });

  it("keeps the filters and the clicked count in the URL, other parameters untouched", () => {
    const state = {
      ...toggleCount(emptyMonitoringFilters(), "disk_health", 3),
      location_uuid: "loc",
      domain: "top" as const,
    };
    const params = withMonitoringFilters(new URLSearchParams("view=rows&heading=cpu"), state);
    expect(params.toString()).toBe("view=rows&location_uuid=loc&domain=top&heading=disk_health&condition=3");
    expect(monitoringFiltersFromSearch(params)).toEqual(state);
    expect(monitoringFiltersFromSearch(new URLSearchParams("heading=ram"))).toEqual({
      ...emptyMonitoringFilters(),
      count: { heading: "ram", condition: null },
    });
    // What a link cannot mean is left out, not refused.
    expect(
      monitoringFiltersFromSearch(new URLSearchParams("heading=nope&condition=3&domain=x&combined_status=9")),
    ).toEqual(emptyMonitoringFilters());
  });

  it("asks for the counts without the clicked count, so the tiles stay put", () => {
    const query = toMonitoringQuery({ ...toggleCount(emptyMonitoringFilters(), "cpu", 2), domain: "top" });
    expect(countsQuery(query)).toEqual({ domain: "top" });
  });

  it("changing a filter starts again at page 1 (paging is not part of the filters, the key changes)", () => {
    const before = monitorQueries.list("space", toMonitoringQuery(emptyMonitoringFilters()));
    const after = monitorQueries.list("space", toMonitoringQuery({ ...emptyMonitoringFilters(), location_uuid: "l" }));
    expect(after.queryKey).not.toEqual(before.queryKey);
    expect(after.initialPageParam).toBe(1);
    const page = (next: string | null) =>
      ({ devices: [], objects_count: 80, pages_count: 3, links: { next, previous: null } }) satisfies MonitoringList;
    const getNext = after.getNextPageParam;
    expect(getNext(page("https://x.test/api/space/s/monitoring/device/items/?page=2&page_size=36"), [], 1, [])).toBe(2);
    expect(getNext(page(null), [], 3, [])).toBeUndefined();
  });

  it("appended pages keep each device once, at its first place", () => {
    const d = (uuid: string, name = uuid) => ({ uuid, name });
    const pages = [{ devices: [d("a"), d("b")] }, { devices: [d("b", "moved"), d("c")] }, { devices: [d("a")] }];
    expect(uniqueByUuid(pages)).toEqual([d("a"), d("b"), d("c")]);
  });
});

import { describe, expect, it } from "vitest";
import {
  countDeviceFilters,
  deviceFiltersToSearch,
  emptyDeviceFilters,
  filtersFromSearch,
  hasActiveDeviceFilters,
  sortChoices,
  toDeviceQuery,
} from "./device-filters";
import { nextOrdering, sortDirection } from "./sort-header";
import { withDeviceFilters } from "./use-device-filters";

const A = "0b1f6a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const B = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

describe("device filters", () => {
  it("leaves empty filters out of the query", () => {
    expect(toDeviceQuery(emptyDeviceFilters())).toEqual({ ordering: "-online" });
    expect(hasActiveDeviceFilters(toDeviceQuery(emptyDeviceFilters()))).toBe(false);
  });

  it("maps flags to booleans and trims the search", () => {
    const query = toDeviceQuery({
      ...emptyDeviceFilters("created_at"),
      search: "  kiosk ",
      online: "false",
      enabled: "true",
      connected_status: ["archived"],
    });
    expect(query).toEqual({
      ordering: "created_at",
      search: "kiosk",
      online: false,
      enabled: true,
      connected_status: "archived",
    });
    expect(hasActiveDeviceFilters(query)).toBe(true);
  });

  it("sends several values as a list (the API's repeated parameter), one as a string", () => {
    const query = toDeviceQuery({
      ...emptyDeviceFilters(),
      connected_status: ["connected", "disconnected"],
      location_uuid: [A],
      tag_uuid: [A, B],
    });
    expect(query).toEqual({
      ordering: "-online",
      connected_status: ["connected", "disconnected"],
      location_uuid: A,
      tag_uuid: [A, B],
    });
  });

  it("offers vision_enabled (devices.md §9): one vision state, in the query and from a URL", () => {
    const query = toDeviceQuery({ ...emptyDeviceFilters(), vision_enabled: "enabled" });
    expect(query).toEqual({ ordering: "-online", vision_enabled: "enabled" });
    expect(hasActiveDeviceFilters(query)).toBe(true);
    expect(filtersFromSearch(new URLSearchParams("vision_enabled=enable_pending"))?.vision_enabled).toBe(
      "enable_pending",
    );
    expect(filtersFromSearch(new URLSearchParams("vision_enabled=maybe"))).toBeNull();
  });
});

describe("device filters in the URL", () => {
  it("round-trips every filter, several values repeating their key", () => {
    const state = {
      ...emptyDeviceFilters("-name"),
      search: "lobby kiosk",
      location_uuid: [A, B],
      device_type_uuid: [B],
      connected_status: ["connected" as const, "archived" as const],
      online: "true" as const,
      enabled: "false" as const,
      vision_enabled: "enabled" as const,
      tag_uuid: [A],
    };
    const params = deviceFiltersToSearch(state);
    expect(params.getAll("connected_status")).toEqual(["connected", "archived"]);
    expect(params.getAll("location_uuid")).toEqual([A, B]);
    expect(params.get("ordering")).toBe("-name");
    expect(filtersFromSearch(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it("leaves the defaults out: an empty state is an empty query string", () => {
    expect(deviceFiltersToSearch(emptyDeviceFilters()).toString()).toBe("");
    expect(deviceFiltersToSearch({ ...emptyDeviceFilters(), search: "   " }).toString()).toBe("");
  });

  it("ignores bad values and unknown keys, keeps the good ones", () => {
    const state = filtersFromSearch(
      new URLSearchParams(
        `connected_status=connected&connected_status=bogus&location_uuid=not-a-uuid&location_uuid=${A}&tag_uuid=${A}&tag_uuid=${A}&online=maybe&ordering=sideways&page=3`,
      ),
    );
    expect(state).toEqual({
      ...emptyDeviceFilters(),
      connected_status: ["connected"],
      location_uuid: [A],
      tag_uuid: [A],
    });
    expect(filtersFromSearch(new URLSearchParams("online=maybe&connected_status=x&ordering=sideways&x=1"))).toBeNull();
  });

  it("keeps the URL's other parameters (the view) when filters change", () => {
    const next = withDeviceFilters(new URLSearchParams("view=table&connected_status=archived&search=old"), {
      ...emptyDeviceFilters(),
      connected_status: ["connected", "disconnected"],
    });
    expect(next.toString()).toBe("view=table&connected_status=connected&connected_status=disconnected");
  });

  it("counts each value on the phone's Filters button", () => {
    expect(countDeviceFilters(emptyDeviceFilters())).toBe(0);
    expect(
      countDeviceFilters({
        ...emptyDeviceFilters(),
        search: "x",
        connected_status: ["connected", "disconnected"],
        tag_uuid: [A, B],
        online: "true",
      }),
    ).toBe(5);
  });
});

describe("sortable columns", () => {
  it("cycles a column ascending → descending → the default ordering", () => {
    expect(sortDirection("-online", "name")).toBe("none");
    expect(nextOrdering("-online", "name")).toBe("name");
    expect(sortDirection("name", "name")).toBe("ascending");
    expect(nextOrdering("name", "name")).toBe("-name");
    expect(sortDirection("-name", "name")).toBe("descending");
    expect(nextOrdering("-name", "name")).toBe("-online");
    expect(nextOrdering("-location_name", "name")).toBe("name");
  });
});

describe("the sort menu", () => {
  it("names a column ordering chosen from a header", () => {
    expect(sortChoices("-online").some((s) => s.value === "name")).toBe(false);
    expect(sortChoices("-name").at(-1)).toEqual({ value: "-name", label: "devices.sort.nameDesc" });
  });
});

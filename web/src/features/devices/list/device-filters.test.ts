import { describe, expect, it } from "vitest";
import { emptyDeviceFilters, filtersFromSearch, hasActiveDeviceFilters, toDeviceQuery } from "./device-filters";

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
      connected_status: "archived",
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

import { describe, expect, it } from "vitest";
import { emptyDeviceFilters, hasActiveDeviceFilters, toDeviceQuery } from "./device-filters";

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
});

import type { Device } from "@contracts/devices/schema";
import { describe, expect, it } from "vitest";
import { filtersFromSearch, toDeviceQuery } from "@/features/devices/list/device-filters";
import { ACTIVITY_LISTS, activityRows, viewAllPath } from "./activity-lists";

const list = (id: string) => {
  const found = ACTIVITY_LISTS.find((l) => l.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe("Activity lists (console.md §9 default monitoring queries)", () => {
  it("query the device list with the spec's orderings and filters", () => {
    expect(list("added").query).toEqual({ ordering: "-created_at" });
    expect(list("connected").query).toEqual({ ordering: "-installation_date" });
    expect(list("edited").query).toEqual({ ordering: "-updated_at" });
    expect(list("disconnected").query).toEqual({ online: false, ordering: "-last_seen" });
    expect(list("connectedOnline").query).toMatchObject({ connected_status: "connected", online: true });
    expect(list("connectedOffline").query).toMatchObject({ connected_status: "connected", online: false });
  });

  it("View all hands the same filter and ordering to the device list", () => {
    for (const activity of ACTIVITY_LISTS) {
      const path = viewAllPath(activity);
      expect(path.startsWith("/devices?")).toBe(true);
      const state = filtersFromSearch(new URL(path, "http://x").searchParams);
      expect(state).not.toBeNull();
      if (state) expect(toDeviceQuery(state)).toEqual(activity.query);
    }
  });

  it("the device list ignores a URL without filters or with values it does not know", () => {
    expect(filtersFromSearch(new URLSearchParams(""))).toBeNull();
    expect(filtersFromSearch(new URLSearchParams("ordering=sideways&online=maybe&connected_status=x"))).toBeNull();
  });

  it("a device without the card's moment is left out (a never-seen device is not 'disconnected')", () => {
    const device = (uuid: string, last_seen: string | null) => ({ uuid, last_seen }) as Device;
    const rows = activityRows(list("disconnected"), [device("a", "2026-03-05T12:00:00Z"), device("b", null)]);
    expect(rows.map((d) => d.uuid)).toEqual(["a"]);
  });
});

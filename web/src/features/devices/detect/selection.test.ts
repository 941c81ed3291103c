import type { DetectedDevice } from "@contracts/detection/schema";
import { describe, expect, it } from "vitest";
import { emptySelection, isSelectable, pageCheck, rowCheck, syncSelection, togglePage, toggleRow } from "./selection";

const row = (uuid: string, connected_status: DetectedDevice["connected_status"] = "non_connected"): DetectedDevice => ({
  uuid,
  name: `Machine ${uuid}`,
  ip_address: "10.0.0.1",
  mac_address: "AA:BB:CC:DD:EE:FF",
  device_type_uuid: "type-1",
  device_type_name: "Linux",
  connected_status,
  device_uuid: connected_status === "non_connected" ? null : `device-${uuid}`,
  detected_at: "2025-03-01T10:00:00.000Z",
});

describe("selectable rows", () => {
  it("only non_connected rows can be picked", () => {
    expect(isSelectable(row("a"))).toBe(true);
    for (const status of ["connected", "disconnected", "installation_pending", "archived"] as const)
      expect(isSelectable(row("a", status))).toBe(false);
  });

  it("connected rows show a checked, disabled box", () => {
    expect(rowCheck(row("a", "connected"), emptySelection)).toEqual({ checked: true, disabled: true });
    expect(rowCheck(row("a"), emptySelection)).toEqual({ checked: false, disabled: false });
    expect(rowCheck(row("a"), toggleRow(emptySelection, row("a")))).toEqual({ checked: true, disabled: false });
  });

  it("toggling a row adds and removes it; a connected row is never picked", () => {
    const one = toggleRow(emptySelection, row("a"));
    expect([...one.keys()]).toEqual(["a"]);
    expect(toggleRow(one, row("a")).size).toBe(0);
    expect(toggleRow(emptySelection, row("b", "connected"))).toBe(emptySelection);
  });
});

describe("the page's header box", () => {
  const page = [row("a"), row("b"), row("c", "connected")];

  it("counts only selectable rows", () => {
    expect(pageCheck(page, emptySelection)).toEqual({ checked: false, disabled: false });
    expect(pageCheck(page, toggleRow(emptySelection, page[0] as DetectedDevice)).checked).toBe("indeterminate");
    expect(pageCheck(page, togglePage(emptySelection, page)).checked).toBe(true);
    expect(pageCheck([row("c", "connected")], emptySelection)).toEqual({ checked: false, disabled: true });
  });

  it("selects all selectable rows, then none; rows of other pages stay", () => {
    const other = toggleRow(emptySelection, row("z"));
    const all = togglePage(other, page);
    expect([...all.keys()].sort()).toEqual(["a", "b", "z"]);
    expect([...togglePage(all, page).keys()]).toEqual(["z"]);
  });
});

describe("syncSelection", () => {
  it("drops picked rows that became devices and keeps the same map when nothing changed", () => {
    const picked = togglePage(emptySelection, [row("a"), row("b")]);
    expect(syncSelection(picked, [...picked.values()])).toBe(picked);
    const next = syncSelection(picked, [row("a", "connected"), { ...row("b"), name: "Renamed" }]);
    expect([...next.keys()]).toEqual(["b"]);
    expect(next.get("b")?.name).toBe("Renamed");
  });
});

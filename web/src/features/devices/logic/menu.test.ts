import { describe, expect, it } from "vitest";
import { menuActions } from "./menu";

describe("device menu by status", () => {
  it("follows the devices.md §4 table", () => {
    expect(menuActions({ connected_status: "connected", total_number: 3 })).toEqual(["archive"]);
    expect(menuActions({ connected_status: "disconnected", total_number: 0 })).toEqual(["archive"]);
    expect(menuActions({ connected_status: "installation_pending", total_number: 0 })).toEqual([
      "archive",
      "terminate",
    ]);
    expect(menuActions({ connected_status: "non_connected", total_number: 0 })).toEqual(["delete"]);
    expect(menuActions({ connected_status: "archived", total_number: 0 })).toEqual(["unarchive"]);
  });

  it("hides Delete while the device still has peripherals", () => {
    expect(menuActions({ connected_status: "non_connected", total_number: 2 })).toEqual([]);
  });
});

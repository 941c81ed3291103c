import { describe, expect, it } from "vitest";
import { bulkFilterOf } from "./bulk-filter";
import { rangeOf } from "./use-device-selection";

describe("rangeOf (shift-click)", () => {
  const order = ["a", "b", "c", "d", "e"];
  it("takes every device between the anchor and the clicked one, either way round", () => {
    expect(rangeOf(order, 1, 3)).toEqual(["b", "c", "d"]);
    expect(rangeOf(order, 4, 2)).toEqual(["c", "d", "e"]);
    expect(rangeOf(order, 0, 0)).toEqual(["a"]);
  });
});

describe("bulkFilterOf (select all matching)", () => {
  it("carries the list's filters as the query string has them, without the ordering", () => {
    expect(
      bulkFilterOf({
        ordering: "-online",
        search: "kiosk",
        online: true,
        enabled: false,
        tag_uuid: ["t1", "t2"],
        name: "",
        location_uuid: undefined,
      }),
    ).toEqual({ search: "kiosk", online: "true", enabled: "false", tag_uuid: ["t1", "t2"] });
  });
});

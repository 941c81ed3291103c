import type { WallDisplay } from "@contracts/display-health/schema";
import { describe, expect, it } from "vitest";
import { wallViews } from "./wall-model";
import { parseWallParams } from "./wall-params";

const noScope = { group: null, location: null };
const tile: WallDisplay = {
  device_uuid: "d1",
  device_name: "Menu board",
  location_uuid: null,
  location_name: null,
  display: "HDMI-1",
  state: "frozen",
  label: "Frozen",
  severity: "critical",
  since: "2026-11-02T09:00:00.000Z",
  capture_url: null,
};

describe("the wall's screens view", () => {
  it("joins the rotation after the problems while a screen is in trouble", () => {
    const kinds = (displays: WallDisplay[]) =>
      wallViews({ groups: [], scope: noScope, displays }, { view: null }).map((v) => v.kind);
    expect(kinds([tile])).toEqual(["overview", "problems", "screens"]);
    expect(kinds([])).toEqual(["overview", "problems"]);
  });

  it("`?view=screens` keeps it, calm when every screen is fine", () => {
    const params = parseWallParams("?view=screens");
    expect(params.view).toBe("screens");
    expect(wallViews({ groups: [], scope: noScope, displays: [] }, params).map((v) => v.key)).toEqual(["screens"]);
  });
});

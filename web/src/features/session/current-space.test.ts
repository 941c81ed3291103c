import { describe, expect, it } from "vitest";
import { pathAfterSpaceSwitch } from "./current-space";

describe("pathAfterSpaceSwitch (console.md §2.2)", () => {
  it("lands on the section's page without the old space's filters or flyout", () => {
    expect(pathAfterSpaceSwitch("/devices")).toBe("/devices");
    expect(pathAfterSpaceSwitch("/devices/device/view/6f1c7a52-0100-4000-8000-000000000001/u/general")).toBe(
      "/devices",
    );
    expect(pathAfterSpaceSwitch("/locations/global/working_time")).toBe("/locations");
    expect(pathAfterSpaceSwitch("/performance/")).toBe("/performance");
    expect(pathAfterSpaceSwitch("/")).toBe("/");
    expect(pathAfterSpaceSwitch("")).toBe("/");
  });
});

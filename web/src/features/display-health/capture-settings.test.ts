import { describe, expect, it } from "vitest";
import { checkCaptureSettings } from "./capture-settings";

describe("capture settings form", () => {
  it("takes whole numbers within the bounds, with the API's messages", () => {
    const ok = checkCaptureSettings({
      capture_interval_s: "300",
      capture_retention_days: "7",
      viewers_see_captures: true,
    });
    expect(ok).toEqual({
      value: { capture_interval_s: 300, capture_retention_days: 7, viewers_see_captures: true },
      errors: {},
    });
    const bad = checkCaptureSettings({
      capture_interval_s: "30",
      capture_retention_days: "",
      viewers_see_captures: false,
    });
    expect(bad.value).toBeNull();
    expect(bad.errors).toEqual({
      capture_interval_s: "Ensure the capture interval is at least 60 seconds.",
      capture_retention_days: "Enter a whole number.",
    });
    expect(
      checkCaptureSettings({ capture_interval_s: "90.5", capture_retention_days: "91", viewers_see_captures: true })
        .errors,
    ).toEqual({
      capture_interval_s: "Enter a whole number.",
      capture_retention_days: "Ensure captures are kept at most 90 days.",
    });
  });
});

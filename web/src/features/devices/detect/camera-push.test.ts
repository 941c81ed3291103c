import "@/lib/i18n/locales/en-detect";
import { CAMERA_SCAN_UNAVAILABLE_MESSAGE, CAMERAS_DETECTED_MESSAGE } from "@contracts/detection/values";
import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n";

describe("camera notifications from the location room's pushes (devices.md §7)", () => {
  it("use the spec's words", () => {
    expect(translate("en", "detect.camerasDetected")).toBe(CAMERAS_DETECTED_MESSAGE);
    expect(translate("en", "detect.cameraScanUnavailable")).toBe(CAMERA_SCAN_UNAVAILABLE_MESSAGE);
    expect(CAMERAS_DETECTED_MESSAGE).toBe("Cameras detected");
    expect(CAMERA_SCAN_UNAVAILABLE_MESSAGE).toBe("Camera scan unavailable");
  });
});

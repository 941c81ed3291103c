import "@/lib/locales/en-detect";
import { camerasDetectedIn } from "@contracts/detection";
import { CAMERA_SCAN_UNAVAILABLE_MESSAGE, CAMERAS_DETECTED_MESSAGE } from "@contracts/values/detection";
import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n";

describe("camera notifications from the location room's pushes (devices.md §7)", () => {
  it("read the cameras a devicesDetected push reports, none when it does not say", () => {
    expect(camerasDetectedIn({ total_detections: 4, cameras_detected: 2 })).toBe(2);
    expect(camerasDetectedIn({ total_detections: 4 })).toBe(0);
    expect(camerasDetectedIn(undefined)).toBe(0);
  });

  it("use the spec's words", () => {
    expect(translate("en", "detect.camerasDetected")).toBe(CAMERAS_DETECTED_MESSAGE);
    expect(translate("en", "detect.cameraScanUnavailable")).toBe(CAMERA_SCAN_UNAVAILABLE_MESSAGE);
    expect(CAMERAS_DETECTED_MESSAGE).toBe("Cameras detected");
    expect(CAMERA_SCAN_UNAVAILABLE_MESSAGE).toBe("Camera scan unavailable");
  });
});

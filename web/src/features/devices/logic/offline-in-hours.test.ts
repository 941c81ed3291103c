import { describe, expect, it } from "vitest";
import { offlineInWorkingHours } from "./offline-in-hours";

const device = (over: Partial<Parameters<typeof offlineInWorkingHours>[0]> = {}) => ({
  connected_status: "connected" as const,
  online: false,
  expected_online: true as boolean | null,
  ...over,
});

describe("offlineInWorkingHours", () => {
  it("marks a connected, offline device inside its location's working hours", () => {
    expect(offlineInWorkingHours(device())).toBe(true);
  });

  it("leaves online devices, hours that are off and locations without a schedule alone", () => {
    expect(offlineInWorkingHours(device({ online: true }))).toBe(false);
    expect(offlineInWorkingHours(device({ expected_online: false }))).toBe(false);
    expect(offlineInWorkingHours(device({ expected_online: null }))).toBe(false);
  });

  it("leaves devices whose connected status already explains the silence alone", () => {
    for (const connected_status of ["disconnected", "archived", "non_connected", "installation_pending"] as const) {
      expect(offlineInWorkingHours(device({ connected_status }))).toBe(false);
    }
  });
});

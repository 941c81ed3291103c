import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { telemetryQueries } from "@/features/monitor/report/charts/telemetry-queries";
import { commandQueries } from "../commands/queries";
import { deviceQueries } from "../queries";
import { refetchAfterGap } from "./use-device-room";

// The session module follows other tabs through `window`; this test needs none of it.
vi.mock("@/lib/session/session", () => ({
  endSession: vi.fn(),
  getSession: vi.fn(),
  refreshSession: vi.fn(),
  subscribeSession: vi.fn(),
}));

describe("a device room's reconnect", () => {
  it("reads the device's commands, detail and telemetry series again, and nothing of other devices", () => {
    const client = new QueryClient();
    const keys = {
      commands: commandQueries.listKey("s1", "d1"),
      detail: deviceQueries.detailKey("s1", "d1"),
      audit: [...deviceQueries.detailKey("s1", "d1"), "audit"],
      series: [...telemetryQueries.device("s1", "d1"), "cpu_load", "1h"],
      otherDevice: deviceQueries.detailKey("s1", "d2"),
      otherSeries: [...telemetryQueries.device("s1", "d2"), "cpu_load", "1h"],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
    refetchAfterGap(client, "s1", "d1");
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(keys.commands)).toBe(true);
    expect(invalidated(keys.detail)).toBe(true);
    expect(invalidated(keys.audit)).toBe(true);
    expect(invalidated(keys.series)).toBe(true);
    expect(invalidated(keys.otherDevice)).toBe(false);
    expect(invalidated(keys.otherSeries)).toBe(false);
  });
});

import type { TelemetrySeries } from "@contracts/monitoring";
import { describe, expect, it } from "vitest";
import { chartRows, formatMetric, formatTick, pointCount } from "./chart-data";

const reply: TelemetrySeries = {
  device_uuid: "d1",
  metric: "network",
  from: "2026-11-16T00:00:00.000Z",
  to: "2026-11-23T00:00:00.000Z",
  resolution: "15m",
  unit: "B/s",
  thresholds: null,
  series: [
    {
      key: "rx",
      label: "rx",
      points: [
        { t: 2000, v: 5, min: 1, max: 9 },
        { t: 1000, v: 4, min: 2, max: 6 },
      ],
    },
    { key: "tx", label: "tx", points: [{ t: 1000, v: 7 }] },
  ],
};

describe("chart data", () => {
  it("joins series into time-ordered rows with min–max bands", () => {
    expect(chartRows(reply)).toEqual([
      { t: 1000, s0: 4, s0_band: [2, 6], s1: 7 },
      { t: 2000, s0: 5, s0_band: [1, 9] },
    ]);
    expect(pointCount(reply)).toBe(3);
  });

  it("formats values by metric, rates with the traffic thresholds", () => {
    expect(formatMetric("network", 9_999)).toBe("10.00 KB/s");
    expect(formatMetric("network", 2_500_000)).toBe("2.50 MB/s");
    expect(formatMetric("cpu_temperature", 71.26)).toBe("71.3 °C");
    expect(formatMetric("memory", 42)).toBe("42.0%");
  });

  it("ticks in local clock time up to a day and by date beyond", () => {
    const t = new Date(2026, 10, 23, 9, 5).getTime();
    expect(formatTick(t, 3_600_000, "en")).toBe("09:05");
    expect(formatTick(t, 7 * 86_400_000, "en")).toBe("23 Nov");
  });
});

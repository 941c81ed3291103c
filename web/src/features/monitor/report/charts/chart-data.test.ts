import type { TelemetrySeries } from "@contracts/monitoring/schema";
import { describe, expect, it } from "vitest";
import {
  chartRows,
  formatInUnit,
  formatMetric,
  formatTick,
  metricFormatter,
  pointCount,
  rateUnit,
  timeTicks,
} from "./chart-data";

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

  it("reads a rate axis in one unit, chosen from the largest value (never KB/s beside MB/s)", () => {
    expect(rateUnit(6_500)).toEqual({ divisor: 1e3, suffix: "KB/s" });
    expect(rateUnit(12_000)).toEqual({ divisor: 1e6, suffix: "MB/s" });
    expect(rateUnit(2e9)).toEqual({ divisor: 1e9, suffix: "GB/s" });
    const mb = rateUnit(40_000);
    expect([0, 6_500, 15_000, 40_000, 2_500_000].map((v) => formatInUnit(v, mb))).toEqual([
      "0 MB/s",
      "0.0065 MB/s",
      "0.015 MB/s",
      "0.04 MB/s",
      "2.50 MB/s",
    ]);
    const wide: TelemetrySeries = {
      ...reply,
      series: [
        { key: "rx", label: "rx", points: [{ t: 1, v: 6_500 }] },
        { key: "tx", label: "tx", points: [{ t: 1, v: 16_000, min: 1, max: 25_000 }] },
      ],
    };
    const format = metricFormatter(wide);
    expect([format(6_500), format(16_000)]).toEqual(["0.0065 MB/s", "0.016 MB/s"]);
    expect(metricFormatter({ ...wide, metric: "memory" })(42)).toBe("42.0%");
  });

  it("labels the time axis at round times, more than one label for every range", () => {
    const hour = 3_600_000;
    const from = Date.UTC(2026, 10, 23, 9, 7);
    const lastHour = timeTicks(from, from + hour);
    expect(lastHour.length).toBeGreaterThanOrEqual(2);
    expect(lastHour[0]).toBe(Date.UTC(2026, 10, 23, 9, 10));
    expect(lastHour.every((t) => t >= from && t <= from + hour)).toBe(true);
    for (const span of [hour, 24 * hour, 7 * 24 * hour, 30 * 24 * hour]) {
      const ticks = timeTicks(from, from + span);
      expect(ticks.length, `span ${span}`).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
    // A day's ticks at local midnight (UTC+1 here: 23:00 UTC).
    const week = timeTicks(Date.UTC(2026, 10, 16, 12), Date.UTC(2026, 10, 23, 12), 6, 60);
    expect(week.every((t) => new Date(t).getUTCHours() === 23)).toBe(true);
  });
});

import type { TelemetrySeries } from "@contracts/monitoring/schema";
import { describe, expect, it } from "vitest";
import { appendSample } from "./live-tail";

const HOUR = 3_600_000;
const T0 = Date.parse("2026-11-23T10:00:00Z");

const reply = (points: { t: number; v: number }[], resolution: "1m" | "15m" = "1m"): TelemetrySeries => ({
  device_uuid: "d1",
  metric: "disk",
  from: new Date(T0 - HOUR).toISOString(),
  to: new Date(T0).toISOString(),
  resolution,
  unit: "%",
  thresholds: { warning: 85, critical: 95 },
  series: [{ key: "/", label: "/", points }],
});

describe("live tail", () => {
  it("appends a sample to its series and moves the window", () => {
    const next = appendSample(reply([{ t: T0 - 60_000, v: 40 }]), [{ series: "/", value: 41 }], T0 + 60_000, HOUR);
    expect(next.series[0]?.points).toEqual([
      { t: T0 - 60_000, v: 40 },
      { t: T0 + 60_000, v: 41 },
    ]);
    expect(next.to).toBe(new Date(T0 + 60_000).toISOString());
    expect(next.from).toBe(new Date(T0 + 60_000 - HOUR).toISOString());
  });

  it("keeps one point a minute like the room (the later report wins) and keeps time order", () => {
    const base = reply([
      { t: T0 - 120_000, v: 1 },
      { t: T0, v: 3 },
    ]);
    const same = appendSample(base, [{ series: "/", value: 9 }], T0 + 20_000, HOUR);
    expect(same.series[0]?.points).toEqual([
      { t: T0 - 120_000, v: 1 },
      { t: T0 + 20_000, v: 9 },
    ]);
    const older = appendSample(same, [{ series: "/", value: 4 }], T0 + 10_000, HOUR);
    expect(older.series[0]?.points.at(-1)).toEqual({ t: T0 + 20_000, v: 9 });
    const late = appendSample(base, [{ series: "/", value: 2 }], T0 - 60_000, HOUR);
    expect(late.series[0]?.points.map((p) => p.t)).toEqual([T0 - 120_000, T0 - 60_000, T0]);
  });

  it("drops points that left the window and caps the length", () => {
    const old = reply([
      { t: T0 - 2 * HOUR, v: 1 },
      { t: T0 - 30 * 60_000, v: 2 },
    ]);
    expect(appendSample(old, [{ series: "/", value: 3 }], T0, HOUR).series[0]?.points.map((p) => p.v)).toEqual([2, 3]);
    const many = reply(Array.from({ length: 10 }, (_, i) => ({ t: T0 - (10 - i) * 60_000, v: i })));
    const capped = appendSample(many, [{ series: "/", value: 99 }], T0, HOUR, 4);
    expect(capped.series[0]?.points.map((p) => p.v)).toEqual([7, 8, 9, 99]);
  });

  it("starts a series the reply did not have and leaves rollups and empty samples alone", () => {
    const next = appendSample(reply([]), [{ series: "/data", value: 12 }], T0, HOUR);
    expect(next.series.map((s) => [s.key, s.points.length])).toEqual([
      ["/", 0],
      ["/data", 1],
    ]);
    const rollup = reply([{ t: T0 - HOUR, v: 5 }], "15m");
    expect(appendSample(rollup, [{ series: "/", value: 6 }], T0, HOUR)).toBe(rollup);
    const base = reply([]);
    expect(appendSample(base, [], T0, HOUR)).toBe(base);
    expect(appendSample(base, [{ series: "/", value: Number.NaN }], T0, HOUR).series[0]?.points).toEqual([]);
  });
});

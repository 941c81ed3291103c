import "@/lib/i18n/locales/en-devices";
import { describe, expect, it } from "vitest";
import { english } from "@/lib/i18n/locales/english";
import { hr } from "@/lib/i18n/locales/hr";
import {
  codeBlocks,
  commentDay,
  formatDuration,
  formatLoad,
  formatRate,
  formatTraffic,
  gb2,
  healthLabel,
  loadShare,
  msUntil,
  ramGb,
  streakSeconds,
  typeLabel,
  uptimeDays,
  usedPercent,
} from "./format";

describe("device formatters", () => {
  it("formats durations as hh:mm:ss without wrapping hours", () => {
    expect(formatDuration(0)).toBe("00:00:00");
    expect(formatDuration(3661)).toBe("01:01:01");
    expect(formatDuration(49 * 3600 + 5 * 60 + 7)).toBe("49:05:07");
    expect(formatDuration(-5)).toBe("00:00:00");
  });

  it("counts the streak from a timestamp", () => {
    const now = Date.parse("2026-01-02T00:00:10Z");
    expect(streakSeconds("2026-01-02T00:00:00Z", now)).toBe(10);
    expect(streakSeconds(null, now)).toBeNull();
    expect(streakSeconds("nope", now)).toBeNull();
  });

  it("rounds RAM to the nearest whole GB and knows unknown", () => {
    expect(ramGb(8 * 1073741824)).toBe(8);
    expect(ramGb(8 * 1073741824 - 1000)).toBe(8);
    expect(ramGb(7.2 * 1073741824)).toBe(7);
    expect(ramGb(7.6 * 1073741824)).toBe(8);
    expect(ramGb(0.4 * 1073741824)).toBe(1);
    expect(ramGb(null)).toBeNull();
    expect(ramGb(0)).toBeNull();
    expect(gb2(1610612736)).toBe("1.50");
  });

  it("switches traffic units at 1e4 and 1e9 bytes", () => {
    expect(formatTraffic(9999)).toBe("10.00 KB");
    expect(formatTraffic(10_000)).toBe("0.01 MB");
    expect(formatTraffic(2_500_000)).toBe("2.50 MB");
    expect(formatTraffic(1e9)).toBe("1.00 GB");
  });

  it("shows load with its share of threads", () => {
    expect(formatLoad(1.2, 4)).toBe("1.20 (30%)");
    expect(formatLoad(1, 0)).toBe("1.00 (0%)");
  });

  it("splits codes in blocks of 4 and counts down to expiry", () => {
    expect(codeBlocks("ABCDEFGHJKMNPQRS")).toEqual(["ABCD", "EFGH", "JKMN", "PQRS"]);
    expect(codeBlocks("ABCDEF")).toEqual(["ABCD", "EF"]);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(msUntil("2026-01-01T00:00:05Z", now)).toBe(5000);
    expect(msUntil("2025-12-31T00:00:00Z", now)).toBe(0);
    expect(msUntil(null, now)).toBe(0);
  });

  it("names comment days by the local calendar", () => {
    const now = new Date(2026, 4, 10, 9, 0).getTime();
    expect(commentDay(new Date(2026, 4, 10, 8, 5).toISOString(), now)).toEqual({
      day: { kind: "today" },
      time: "08:05",
    });
    expect(commentDay(new Date(2026, 4, 9, 23, 59).toISOString(), now).day).toEqual({ kind: "yesterday" });
    expect(commentDay(new Date(2026, 4, 6, 12, 0).toISOString(), now).day).toEqual({ kind: "daysAgo", days: 4 });
  });

  it("labels health codes, 1 with its own label and only a missing code as unknown", () => {
    expect([0, 1, 2, 3, null, undefined, 7].map(healthLabel)).toEqual([
      "healthy",
      "unmonitored",
      "warning",
      "critical",
      "unknown",
      "unknown",
      "unknown",
    ]);
    // Code 1 reads its own words in every language, never the "no data" of a missing code (devices.md §4).
    for (const words of [english, hr]) {
      expect(words["device.health.unmonitored"]).toBeTruthy();
      expect(words["device.health.unmonitored"]).not.toBe(words["device.health.unknown"]);
    }
  });

  it("shows memory and disk in GB with 2 decimals and the share used", () => {
    expect(gb2(8 * 1073741824)).toBe("8.00");
    expect(gb2(1073741824 * 0.004)).toBe("0.00");
    expect(gb2(123.456 * 1073741824)).toBe("123.46");
    expect(usedPercent(100, 25)).toBe(75);
    expect(usedPercent(3, 1)).toBe(67);
    expect(usedPercent(0, 0)).toBe(0);
  });

  it("gives load as a percentage of the threads", () => {
    expect(loadShare(2, 8)).toBe(25);
    expect(loadShare(9.6, 8)).toBe(120);
    expect(loadShare(0.333, 1)).toBe(33);
    expect(formatLoad(0.5, 8)).toBe("0.50 (6%)");
  });

  it("uses the traffic thresholds for rates too", () => {
    expect(formatRate(512)).toBe("0.51 KB/s");
    expect(formatRate(12_345)).toBe("0.01 MB/s");
    expect(formatRate(3.2e9)).toBe("3.20 GB/s");
  });

  it("adds a days span to uptime only past 24 hours", () => {
    expect(uptimeDays(3600)).toBeNull();
    expect(uptimeDays(86_400)).toBeNull();
    expect(uptimeDays(86_401)).toEqual({ days: 1, rest: "00:00:01" });
    const twoDays = 2 * 86_400 + 3 * 3600 + 4 * 60 + 5;
    expect(formatDuration(twoDays)).toBe("51:04:05");
    expect(uptimeDays(twoDays)).toEqual({ days: 2, rest: "03:04:05" });
  });
});

describe("typeLabel", () => {
  it("capitalises the API's lower-case camera and leaves the other names alone", () => {
    expect(typeLabel("camera")).toBe("Camera");
    expect(typeLabel("Linux Computer")).toBe("Linux Computer");
    expect(typeLabel("")).toBe("");
    expect(typeLabel(null)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

describe("relativeTime (dense lists)", () => {
  const now = Date.parse("2026-03-05T12:00:00Z");
  it.each([
    ["2026-03-05T12:00:00Z", "now"],
    ["2026-03-05T11:59:55Z", "now"],
    ["2026-03-05T11:59:20Z", "40 sec. ago"],
    ["2026-03-05T11:57:00Z", "3 min. ago"],
    ["2026-03-05T11:56:01Z", "3 min. ago"],
    ["2026-03-05T09:00:00Z", "3 hr. ago"],
    ["2026-03-03T12:00:00Z", "2 days ago"],
    ["2026-01-01T12:00:00Z", "2 mo. ago"],
  ])("%s → %s", (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });

  it("ticks: the same time reads later as the clock moves", () => {
    const at = "2026-03-05T11:59:00Z";
    expect(relativeTime(at, now)).toBe("1 min. ago");
    expect(relativeTime(at, now + 2 * 60_000)).toBe("3 min. ago");
  });

  it("reads a time from a clock ahead of ours as now, an invalid one as nothing", () => {
    expect(relativeTime("2026-03-05T12:00:30Z", now)).toBe("now");
    expect(relativeTime("not a date", now)).toBe("");
  });

  it("speaks the chosen language", () => {
    expect(relativeTime("2026-03-05T11:57:00Z", now, "hr")).toBe("prije 3 min");
  });
});

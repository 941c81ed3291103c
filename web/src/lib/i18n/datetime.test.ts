import { describe, expect, it } from "vitest";
import { formatDateTime, formatTimeAgo } from "./datetime";

describe("formatDateTime (dd MMM yyyy HH:mm:ss)", () => {
  it("formats local time and leaves empty values empty", () => {
    const iso = new Date(2026, 2, 5, 9, 4, 7).toISOString();
    expect(formatDateTime(iso)).toBe("05 Mar 2026 09:04:07");
    expect(formatDateTime(null)).toBe("");
  });
});

describe("formatTimeAgo", () => {
  const now = Date.parse("2026-03-05T12:00:00Z");
  it.each([
    ["2026-03-05T11:59:30Z", "now"],
    ["2026-03-05T11:55:00Z", "5 minutes ago"],
    ["2026-03-05T09:00:00Z", "3 hours ago"],
    ["2026-03-04T12:00:00Z", "yesterday"],
    ["2026-02-01T12:00:00Z", "last month"],
  ])("%s → %s", (iso, text) => {
    expect(formatTimeAgo(iso, "en", now)).toBe(text);
  });
});

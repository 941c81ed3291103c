import type { WallGroup, WallLocation } from "@contracts/wall/schema";
import { describe, expect, it } from "vitest";
import {
  boardOrder,
  formatShare,
  offlineFor,
  offlineInWorkingHours,
  viewAt,
  wallViews,
  worstAvailability,
} from "./wall-model";
import { parseWallParams, takeDisplaySecret } from "./wall-params";

const location = (name: string, over: Partial<WallLocation> = {}): WallLocation => ({
  uuid: name,
  name,
  latitude: null,
  longitude: null,
  status: "online",
  devices_total: 4,
  devices_online: 4,
  devices_offline: 0,
  warning: 0,
  critical: 0,
  expected_online: true,
  ...over,
});
const group = (uuid: string): WallGroup => ({ uuid, name: uuid, location_uuids: [] });
const noScope = { group: null, location: null };

describe("parseWallParams", () => {
  it("defaults to a dark wall rotating every 30 s over the whole space", () => {
    expect(parseWallParams("")).toEqual({ rotateMs: 30_000, group: null, location: null, theme: "dark", view: null });
  });
  it("reads rotate (0 = off, held to 5 s … 1 h), group, location, theme and view", () => {
    expect(parseWallParams("?rotate=0").rotateMs).toBe(0);
    expect(parseWallParams("?rotate=12").rotateMs).toBe(12_000);
    expect(parseWallParams("?rotate=1").rotateMs).toBe(5_000);
    expect(parseWallParams("?rotate=99999").rotateMs).toBe(3_600_000);
    expect(parseWallParams("?rotate=soon").rotateMs).toBe(30_000);
    expect(parseWallParams("?group=g1&location=l1&theme=light&view=problems")).toMatchObject({
      group: "g1",
      location: "l1",
      theme: "light",
      view: "problems",
    });
    expect(parseWallParams("?theme=blue&view=nope")).toMatchObject({ theme: "dark", view: null });
  });
});

describe("takeDisplaySecret", () => {
  it("takes the secret out of the URL and keeps the rest", () => {
    expect(takeDisplaySecret("https://noc.example/wall?display=owd_abc&rotate=10#x")).toEqual({
      secret: "owd_abc",
      href: "/wall?rotate=10#x",
    });
    expect(takeDisplaySecret("https://noc.example/wall?rotate=10")).toEqual({
      secret: null,
      href: "https://noc.example/wall?rotate=10",
    });
  });
});

describe("wallViews", () => {
  it("rotates overview, problems and one view per group", () => {
    const views = wallViews({ groups: [group("a"), group("b")], scope: noScope }, { view: null });
    expect(views.map((v) => v.key)).toEqual(["overview", "problems", "group:a", "group:b"]);
    expect(viewAt(views, 5).key).toBe("problems");
  });
  it("leaves the group views out when narrowed; ?view= keeps one kind", () => {
    const narrowed = { groups: [group("a")], scope: { group: { uuid: "a", name: "a" }, location: null } };
    expect(wallViews(narrowed, { view: null }).map((v) => v.kind)).toEqual(["overview", "problems"]);
    const whole = { groups: [group("a"), group("b")], scope: noScope };
    expect(wallViews(whole, { view: "groups" }).map((v) => v.key)).toEqual(["group:a", "group:b"]);
    expect(wallViews(whole, { view: "problems" }).map((v) => v.key)).toEqual(["problems"]);
    expect(wallViews({ groups: [], scope: noScope }, { view: "groups" }).map((v) => v.key)).toEqual([
      "overview",
      "problems",
    ]);
  });
});

describe("offlineInWorkingHours", () => {
  it("keeps locations in their hours with offline devices, the largest share offline first", () => {
    const rows = offlineInWorkingHours([
      location("closed", { devices_offline: 4, devices_online: 0, expected_online: false }),
      location("no-hours", { devices_offline: 4, devices_online: 0, expected_online: null }),
      location("half", { devices_offline: 2, devices_online: 2 }),
      location("all", { devices_total: 1, devices_offline: 1, devices_online: 0 }),
      location("quarter", { devices_offline: 1, devices_online: 3 }),
      location("fine"),
    ]);
    expect(rows.map((l) => l.name)).toEqual(["all", "half", "quarter"]);
  });
});

describe("boardOrder", () => {
  it("puts offline, then partially online, then online; empty locations last", () => {
    const rows = boardOrder([
      location("ok"),
      location("empty", { devices_total: 0, devices_online: 0, status: "offline" }),
      location("part", { status: "partially_online", devices_offline: 1 }),
      location("down-closed", { status: "offline", devices_offline: 4, expected_online: false }),
      location("down-open", { status: "offline", devices_offline: 2 }),
    ]);
    expect(rows.map((l) => l.name)).toEqual(["down-open", "down-closed", "part", "ok", "empty"]);
  });
});

describe("worstAvailability and formatShare", () => {
  it("takes the worst ten with a figure and their week", () => {
    const day = Array.from({ length: 12 }, (_, i) => ({
      location_uuid: `l${i}`,
      location_name: `L${i}`,
      timezone: "UTC",
      schedule: "global" as const,
      devices: 1,
      working_seconds: 100,
      available_seconds: 50 + i,
      availability: i === 11 ? null : (50 + i) / 100,
    }));
    const week = [{ ...day[0], availability: 0.9 }];
    const worst = worstAvailability(day, week);
    expect(worst).toHaveLength(10);
    expect(worst[0]).toEqual({ uuid: "l0", name: "L0", day: 0.5, week: 0.9 });
    expect(worst[1].week).toBeNull();
  });
  it("never rounds a loss up to 100 %", () => {
    expect(formatShare(0.99996)).toBe("99.9 %");
    expect(formatShare(1)).toBe("100 %");
    expect(formatShare(0.5)).toBe("50.0 %");
    expect(formatShare(null)).toBe("—");
  });
});

describe("offlineFor", () => {
  it("reads how long a device has been offline in its two largest units", () => {
    const now = Date.parse("2026-11-29T12:00:00Z");
    const ago = (s: number) => new Date(now - s * 1000).toISOString();
    expect(offlineFor(ago(45), now)).toBe("45 s");
    expect(offlineFor(ago(12 * 60 + 5), now)).toBe("12 min");
    expect(offlineFor(ago(5 * 3600 + 12 * 60), now)).toBe("5 h 12 min");
    expect(offlineFor(ago(1704 * 3600), now)).toBe("71 d 0 h");
    expect(offlineFor(null, now)).toBeNull();
  });
});

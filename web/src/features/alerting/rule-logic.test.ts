import "@/lib/i18n/locales/en-alerting";
import type { AlertRule } from "@contracts/alerting/schema";
import { describe, expect, it } from "vitest";
import { defaultCondition, draftOf, durationOf, durationText, emptyDraft, inputOf } from "./rule-logic";

const t = (key: string, vars?: Record<string, string | number>) => `${key}${vars ? JSON.stringify(vars) : ""}`;

describe("rule drafts", () => {
  it("start with the contract's defaults: device offline, everything, 5 minutes", () => {
    const input = inputOf({ ...emptyDraft(), name: "Offline" });
    expect(input).toEqual({
      name: "Offline",
      condition: { kind: "device_offline", outside_working_hours: false },
      scope: { kind: "all", uuids: [] },
      duration_s: 300,
      channels: [],
      enabled: true,
    });
  });
  it("drop a scope's items when the scope is everything, and read minutes with a comma", () => {
    const draft = { ...emptyDraft(), scope: { kind: "all" as const, uuids: ["x"] }, minutes: "0,5" };
    expect(inputOf(draft).scope?.uuids).toEqual([]);
    expect(durationOf("0,5")).toBe(30);
    expect(durationOf("0")).toBe(0);
  });
  it("round-trip a stored rule", () => {
    const rule: AlertRule = {
      uuid: "r",
      name: "Crit",
      condition: defaultCondition("health"),
      scope: { kind: "locations", uuids: ["l1"] },
      duration_s: 90,
      channels: ["c"],
      enabled: false,
      open_incidents: 0,
      created_at: "",
      updated_at: "",
    };
    expect(inputOf(draftOf(rule))).toMatchObject({ duration_s: 90, scope: { kind: "locations", uuids: ["l1"] } });
  });
  it("describe durations", () => {
    expect(durationText(0, t as never)).toBe("rules.duration.now");
    expect(durationText(300, t as never)).toBe('rules.duration.minutes{"count":5}');
    expect(durationText(45, t as never)).toBe('rules.duration.seconds{"count":45}');
  });
});

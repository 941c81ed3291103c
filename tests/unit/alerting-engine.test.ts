import { describe, expect, it } from "vitest";
import type { DeviceFacts, LocationFacts, Rule } from "../../worker/services/alerting/conditions.ts";
import { emptyState, evaluate, forgetIncident } from "../../worker/services/alerting/engine.ts";

/*
 * The LocationRoom's alert evaluation with a clock the test controls: grouping, hysteresis,
 * suppression (maintenance, working hours) and the flapping bound.
 */

const T0 = Date.parse("2026-11-25T10:00:00Z"); // a Wednesday
const MIN = 60_000;
const weekdays = { start: "08:00:00", end: "18:00:00" };
const location = (over: Partial<LocationFacts> = {}): LocationFacts => ({
  uuid: "loc-1",
  name: "Store 1",
  space_uuid: "space-1",
  group_uuids: ["grp-1"],
  tag_uuids: [],
  hours: {
    schedule: {
      monday: [weekdays],
      tuesday: [weekdays],
      wednesday: [weekdays],
      thursday: [weekdays],
      friday: [weekdays],
    },
    time_zone: "UTC",
  },
  maintenance: [],
  ...over,
});
const device = (i: number, over: Partial<DeviceFacts> = {}): DeviceFacts => ({
  uuid: `dev-${i}`,
  name: `Kiosk ${i}`,
  type_uuid: "type-kiosk",
  tags: [],
  online: true,
  health: {},
  app: "ok",
  failures: [],
  ...over,
});
const offlineRule = (over: Partial<Rule> = {}): Rule => ({
  uuid: "rule-1",
  name: "Device offline",
  condition: { kind: "device_offline", outside_working_hours: false },
  scope: { kind: "all", uuids: [] },
  duration_s: 300,
  channels: ["ch-1"],
  enabled: true,
  ...over,
});
let n = 0;
const ids = () => `inc-${++n}`;

describe("alert engine", () => {
  it("groups 30 offline devices of a location into one incident, notified once", () => {
    const state = emptyState();
    const loc = location();
    const devices = Array.from({ length: 30 }, (_, i) => device(i, { online: false }));
    const first = evaluate(state, loc, devices, [offlineRule()], T0, ids);
    expect(first.changes).toEqual([]);
    expect(first.nextAt).toBe(T0 + 5 * MIN);
    const due = evaluate(state, loc, devices, [offlineRule()], T0 + 5 * MIN, ids);
    expect(due.changes).toHaveLength(1);
    const [change] = due.changes;
    expect(change.state).toBe("open");
    expect(change.devices).toHaveLength(30);
    expect(change.notify).toBe(true);
    expect(change.detected_at).toBe(T0);
    expect(change.timeline.filter((t) => t.kind === "device_joined")).toHaveLength(30);
  });

  it("resolves only after recovery held for the duration (hysteresis)", () => {
    const state = emptyState();
    const loc = location();
    evaluate(state, loc, [device(1, { online: false })], [offlineRule()], T0, ids);
    const open = evaluate(state, loc, [device(1, { online: false })], [offlineRule()], T0 + 5 * MIN, ids);
    expect(open.changes[0].state).toBe("open");
    const back = evaluate(state, loc, [device(1)], [offlineRule()], T0 + 6 * MIN, ids);
    expect(back.changes).toEqual([]);
    expect(back.nextAt).toBe(T0 + 11 * MIN);
    const still = evaluate(state, loc, [device(1)], [offlineRule()], T0 + 10 * MIN, ids);
    expect(still.changes).toEqual([]);
    const resolved = evaluate(state, loc, [device(1)], [offlineRule()], T0 + 11 * MIN, ids);
    expect(resolved.changes[0].state).toBe("resolved");
  });

  it("a device flapping every 30 s for an hour gives at most 2 notifications, even with no duration", () => {
    for (const duration_s of [0, 60, 300]) {
      const state = emptyState();
      const loc = location();
      let notifications = 0;
      for (let t = 0; t <= 60 * MIN; t += 30_000) {
        const online = (t / 30_000) % 2 === 1;
        const { changes } = evaluate(state, loc, [device(1, { online })], [offlineRule({ duration_s })], T0 + t, ids);
        notifications += changes.filter((c) => c.notify).length;
      }
      expect(notifications, `duration ${duration_s}`).toBeLessThanOrEqual(2);
    }
  });

  it("outside working hours: recorded as suppressed, notified when the location opens", () => {
    const state = emptyState();
    const loc = location();
    const night = Date.parse("2026-11-25T21:00:00Z");
    const devices = [device(1, { online: false })];
    evaluate(state, loc, devices, [offlineRule()], night, ids);
    const suppressed = evaluate(state, loc, devices, [offlineRule()], night + 5 * MIN, ids);
    expect(suppressed.changes[0]).toMatchObject({
      state: "suppressed",
      reason: "outside_working_hours",
      notify: false,
    });
    const opens = Date.parse("2026-11-26T08:00:00Z");
    expect(suppressed.nextAt).toBe(opens);
    const morning = evaluate(state, loc, devices, [offlineRule()], opens, ids);
    expect(morning.changes[0]).toMatchObject({ state: "open", reason: null, notify: true });
  });

  it("a rule that alerts outside working hours does so", () => {
    const state = emptyState();
    const rule = offlineRule({ condition: { kind: "device_offline", outside_working_hours: true }, duration_s: 0 });
    const { changes } = evaluate(
      state,
      location(),
      [device(1, { online: false })],
      [rule],
      Date.parse("2026-11-28T23:00:00Z"),
      ids,
    );
    expect(changes[0]).toMatchObject({ state: "open", notify: true });
  });

  it("maintenance of the location's group suppresses; nothing is notified inside the window", () => {
    const state = emptyState();
    const loc = location({
      maintenance: [{ uuid: "mw", scope_kind: "group", scope_uuid: "grp-1", start: T0 - MIN, end: T0 + 30 * MIN }],
    });
    const devices = [device(1, { online: false })];
    let notified = 0;
    for (let t = 0; t < 30 * MIN; t += MIN) {
      notified += evaluate(state, loc, devices, [offlineRule()], T0 + t, ids).changes.filter((c) => c.notify).length;
    }
    expect(notified).toBe(0);
    expect(Object.values(state.incidents)[0].reason).toBe("maintenance");
    const after = evaluate(state, loc, devices, [offlineRule()], T0 + 30 * MIN, ids);
    expect(after.changes[0]).toMatchObject({ state: "open", notify: true });
  });

  it("scopes by tag and device type; health and command failures", () => {
    const state = emptyState();
    const health: Rule = offlineRule({
      uuid: "rule-h",
      condition: { kind: "health", level: "warning", headings: ["thermal"] },
      scope: { kind: "tags", uuids: ["tag-pos"] },
      duration_s: 0,
    });
    const fails: Rule = offlineRule({
      uuid: "rule-c",
      condition: { kind: "command_failures", min_failures: 2 },
      scope: { kind: "device_types", uuids: ["type-kiosk"] },
      duration_s: 0,
    });
    const devices = [
      device(1, { tags: ["tag-pos"], health: { thermal: 2 } }),
      device(2, { health: { thermal: 3 } }),
      device(3, { failures: [T0 - 10_000, T0 - 5_000] }),
      device(4, { type_uuid: "type-printer", failures: [T0 - 10_000, T0 - 5_000] }),
    ];
    const { changes } = evaluate(state, location(), devices, [health, fails], T0, ids);
    expect(changes.map((c) => [c.rule_uuid, c.devices.map((d) => d.uuid)])).toEqual([
      ["rule-h", ["dev-1"]],
      ["rule-c", ["dev-3"]],
    ]);
  });

  it("location fully offline lists its offline devices; a manual resolve re-arms", () => {
    const state = emptyState();
    const rule = offlineRule({
      condition: { kind: "location_offline", level: "full", outside_working_hours: false },
      duration_s: 0,
    });
    const partly = evaluate(state, location(), [device(1, { online: false }), device(2)], [rule], T0, ids);
    expect(partly.changes).toEqual([]);
    const all = evaluate(
      state,
      location(),
      [device(1, { online: false }), device(2, { online: false })],
      [rule],
      T0 + MIN,
      ids,
    );
    expect(all.changes[0].devices.map((d) => d.uuid)).toEqual(["dev-1", "dev-2"]);
    expect(forgetIncident(state, all.changes[0].incident_uuid, T0 + 2 * MIN)).toBe(true);
    expect(state.incidents).toEqual({});
  });
});

import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  AlertRule,
  BellFeed,
  ChannelCreated,
  IncidentDetail,
  IncidentList,
  MaintenanceList,
  MaintenanceWindow,
  NotificationPreferences,
} from "../../contracts/alerting/schema.ts";
import { alertNotificationTable, incidentTable } from "../../drizzle/schema/index.ts";
import { insideQuietHours } from "../../worker/services/alerting/deliver.ts";
import { roomServer } from "../../worker/services/kernel/placement.ts";
import {
  api,
  auditOf,
  db,
  errorsOf,
  makeDevice,
  makeLocation,
  makeWorkingTime,
  memberOf,
  outsiderStatuses,
} from "../factories.ts";

/*
 * Alerting through the real LocationRoom and D1, with a clock the test moves (the room's RPCs take
 * `at`): rules and access, 30 devices → one incident, maintenance and working-hours suppression
 * (nothing notified), acknowledgement and resolution, and the digest of a multi-location outage.
 */

const MIN = 60_000;

async function setup(role: "admin" | "content_manager" = "admin") {
  const admin = await memberOf("admin");
  const s = admin.space.space_uuid;
  const channel = ChannelCreated.parse(
    await (
      await api(`/api/space/${s}/alert-channel/add/`, {
        method: "POST",
        token: admin.token,
        json: { name: "Ops mail", kind: "email", target: "ops@example.test" },
      })
    ).json(),
  );
  const addRule = async (json: Record<string, unknown>) => {
    const res = await api(`/api/space/${s}/alert-rule/add/`, { method: "POST", token: admin.token, json });
    expect(res.status).toBe(201);
    return AlertRule.parse(await res.json());
  };
  const other = role === "admin" ? admin : await memberOf(role, admin.space);
  return { admin, other, s, channel, addRule };
}

async function locationWithDevices(s: string, n: number) {
  const location = await makeLocation(s, { name: `Store ${crypto.randomUUID().slice(0, 4)}` });
  const devices = [];
  for (let i = 0; i < n; i++) {
    devices.push(
      await makeDevice(s, {
        location_uuid: location.uuid,
        connected_status: "connected",
        online: false,
        name: `Kiosk ${i}`,
      }),
    );
  }
  return { location, devices };
}

const room = (location: string) => roomServer(env, "location", location, "local");

async function goOffline(s: string, location: string, devices: { uuid: string }[], at: number) {
  const r = await room(location);
  for (const d of devices)
    await r.alertSignal({ space_uuid: s, location_uuid: location, device_uuid: d.uuid, online: false, at });
}

const incidentsAt = (location: string) =>
  db().select().from(incidentTable).where(eq(incidentTable.location_uuid, location));
const notificationsOf = (channel: string) =>
  db().select().from(alertNotificationTable).where(eq(alertNotificationTable.channel_uuid, channel));

describe("alert rules", () => {
  it("Admins add rules (default duration 5 min, audited); Viewers and Content Managers read only", async () => {
    const { admin, s, channel } = await setup();
    const viewer = await memberOf("viewer", admin.space);
    const input = { name: "Offline", condition: { kind: "device_offline" }, channels: [channel.uuid] };
    expect(
      (await api(`/api/space/${s}/alert-rule/add/`, { method: "POST", token: viewer.token, json: input })).status,
    ).toBe(403);
    const res = await api(`/api/space/${s}/alert-rule/add/`, { method: "POST", token: admin.token, json: input });
    expect(res.status).toBe(201);
    const rule = AlertRule.parse(await res.json());
    expect(rule).toMatchObject({
      duration_s: 300,
      scope: { kind: "all", uuids: [] },
      enabled: true,
      open_incidents: 0,
    });
    expect(await auditOf(rule.uuid, "alert_rule.create")).toHaveLength(1);
    const list = await api(`/api/space/${s}/alert-rule/items/`, { token: viewer.token });
    expect(list.status).toBe(200);
    const bad = await api(`/api/space/${s}/alert-rule/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "x", condition: { kind: "device_offline" }, scope: { kind: "tags", uuids: [] } },
    });
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toHaveProperty(["scope.uuids"]);
    expect(await outsiderStatuses((x) => `/api/space/${x}/alert-rule/items/`)).toEqual([401, 403]);
  });
});

describe("incidents from the LocationRoom", () => {
  it("30 devices offline at one location: one incident listing 30, one notification per channel", async () => {
    const { s, channel, addRule, admin } = await setup();
    const rule = await addRule({ name: "Offline", condition: { kind: "device_offline" }, channels: [channel.uuid] });
    const { location, devices } = await locationWithDevices(s, 30);
    const t0 = Date.now();
    await goOffline(s, location.uuid, devices, t0);
    expect(await incidentsAt(location.uuid)).toHaveLength(0);
    await (await room(location.uuid)).alertTick(t0 + 5 * MIN);
    const [incident] = await incidentsAt(location.uuid);
    expect(incident).toMatchObject({ state: "open", rule_uuid: rule.uuid, peak_devices: 30 });
    expect(incident.devices).toHaveLength(30);
    expect((await notificationsOf(channel.uuid)).map((n) => n.kind)).toEqual(["incident"]);

    const detail = IncidentDetail.parse(
      await (await api(`/api/space/${s}/incident/${incident.uuid}/`, { token: admin.token })).json(),
    );
    expect(detail.timeline.filter((t) => t.kind === "device_joined")).toHaveLength(30);
    expect(detail.timeline.some((t) => t.kind === "notified")).toBe(true);

    // Acknowledge (Content Manager or Admin), then resolve with a note.
    const viewer = await memberOf("viewer", admin.space);
    const refused = await api(`/api/space/${s}/incident/${incident.uuid}/acknowledge/`, {
      method: "POST",
      token: viewer.token,
      json: {},
    });
    expect(refused.status).toBe(403);
    const acked = await api(`/api/space/${s}/incident/${incident.uuid}/acknowledge/`, {
      method: "POST",
      token: admin.token,
      json: { note: "On it" },
    });
    expect(IncidentDetail.parse(await acked.json())).toMatchObject({ state: "acknowledged", note: "On it" });
    // A device joining later keeps it acknowledged.
    await (await room(location.uuid)).alertTick(t0 + 6 * MIN);
    const resolved = await api(`/api/space/${s}/incident/${incident.uuid}/resolve/`, {
      method: "POST",
      token: admin.token,
      json: { note: "Power back" },
    });
    const body = IncidentDetail.parse(await resolved.json());
    expect(body.state).toBe("resolved");
    expect(body.acknowledged_by?.uuid).toBe(admin.account.account_uuid);
    expect(body.timeline.map((t) => t.kind)).toEqual(expect.arrayContaining(["acknowledged", "resolved"]));
    const again = await api(`/api/space/${s}/incident/${incident.uuid}/resolve/`, {
      method: "POST",
      token: admin.token,
      json: {},
    });
    expect(again.status).toBe(409);

    const list = IncidentList.parse(
      await (await api(`/api/space/${s}/incident/items/?state=resolved`, { token: viewer.token })).json(),
    );
    expect(list.incidents.map((i) => i.uuid)).toEqual([incident.uuid]);
  });

  it("inside a maintenance window of the location: recorded as suppressed, nothing notified", async () => {
    const { s, channel, addRule, admin } = await setup();
    await addRule({ name: "Offline", condition: { kind: "device_offline" }, duration_s: 0, channels: [channel.uuid] });
    const { location, devices } = await locationWithDevices(s, 3);
    const now = Date.now();
    const res = await api(`/api/space/${s}/maintenance/add/`, {
      method: "POST",
      token: admin.token,
      json: {
        scope_kind: "location",
        scope_uuid: location.uuid,
        start: new Date(now - MIN).toISOString(),
        end: new Date(now + 60 * MIN).toISOString(),
        reason: "Refit",
      },
    });
    expect(res.status).toBe(201);
    const window = MaintenanceWindow.parse(await res.json());
    expect(window).toMatchObject({ active: true, scope: { kind: "location", name: location.name } });
    expect(await auditOf(window.uuid, "maintenance_window.create")).toHaveLength(1);
    await (await room(location.uuid)).alertRefresh(location.uuid, now);
    await goOffline(s, location.uuid, devices, now);
    for (let t = 1; t <= 30; t += 5) await (await room(location.uuid)).alertTick(now + t * MIN);
    const [incident] = await incidentsAt(location.uuid);
    expect(incident).toMatchObject({ state: "suppressed", suppressed_reason: "maintenance" });
    expect(await notificationsOf(channel.uuid)).toEqual([]);
    const banner = await api(`/api/space/${s}/maintenance/items/?active=true&device=${devices[0].uuid}`, {
      token: admin.token,
    });
    expect(MaintenanceList.parse(await banner.json()).windows).toHaveLength(1);
  });

  it("outside working hours: suppressed; when the location opens it is notified", async () => {
    const { s, channel, addRule } = await setup();
    await addRule({ name: "Offline", condition: { kind: "device_offline" }, duration_s: 0, channels: [channel.uuid] });
    const { location, devices } = await locationWithDevices(s, 2);
    // Open only on the weekday three days from now, all day: closed now whatever today is.
    const now = Date.now();
    const openDay = new Date(now + 3 * 24 * 60 * MIN);
    const day = openDay.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" }).toLowerCase() as "monday";
    await makeWorkingTime(s, null, day, [{ start: "00:00:00", end: "23:59:59" }]);
    await goOffline(s, location.uuid, devices, now);
    const [incident] = await incidentsAt(location.uuid);
    expect(incident).toMatchObject({ state: "suppressed", suppressed_reason: "outside_working_hours" });
    expect(await notificationsOf(channel.uuid)).toEqual([]);
    const opens = Date.UTC(openDay.getUTCFullYear(), openDay.getUTCMonth(), openDay.getUTCDate(), 12);
    await (await room(location.uuid)).alertTick(opens);
    const [after] = await incidentsAt(location.uuid);
    expect(after).toMatchObject({ state: "open", suppressed_reason: null });
    expect(await notificationsOf(channel.uuid)).toHaveLength(1);
  });

  it("a multi-location outage: the first incident is sent, the others wait in one digest per channel", async () => {
    const { s, channel, addRule } = await setup();
    await addRule({ name: "Offline", condition: { kind: "device_offline" }, duration_s: 0, channels: [channel.uuid] });
    const now = Date.now();
    for (let i = 0; i < 4; i++) {
      const { location, devices } = await locationWithDevices(s, 2);
      await goOffline(s, location.uuid, devices, now + i * 10_000);
    }
    const sent = await notificationsOf(channel.uuid);
    expect(sent.map((n) => n.kind).sort()).toEqual(["digest", "incident"]);
    const digest = sent.find((n) => n.kind === "digest");
    expect(digest?.incidents).toHaveLength(3);
    // Due shortly after its first incident (it gathers for 15 s), not at the window's end.
    expect(Date.parse(digest?.created_at ?? "") - (now + 10_000)).toBe(15_000);
    const rows = await db()
      .select()
      .from(incidentTable)
      .where(and(eq(incidentTable.space_uuid, s), eq(incidentTable.state, "open")));
    expect(rows).toHaveLength(4);
  });

  it("deleting a rule resolves its incidents; later signals of other rules leave them resolved", async () => {
    const { s, channel, addRule, admin } = await setup();
    const ruleA = await addRule({
      name: "A",
      condition: { kind: "device_offline" },
      duration_s: 0,
      channels: [channel.uuid],
    });
    const { location, devices } = await locationWithDevices(s, 2);
    const now = Date.now();
    await goOffline(s, location.uuid, devices, now);
    const [a] = await incidentsAt(location.uuid);
    expect(a).toMatchObject({ rule_uuid: ruleA.uuid, state: "open" });
    const deleted = await api(`/api/space/${s}/alert-rule/${ruleA.uuid}/`, { method: "DELETE", token: admin.token });
    expect(deleted.status).toBe(204);
    await (await room(location.uuid)).alertRefresh(location.uuid);
    const [afterDelete] = await incidentsAt(location.uuid);
    expect(afterDelete.state).toBe("resolved");
    const ruleB = await addRule({
      name: "B",
      condition: { kind: "device_offline" },
      duration_s: 0,
      channels: [channel.uuid],
    });
    const r = await room(location.uuid);
    await r.alertRefresh(location.uuid);
    for (const d of devices)
      await r.alertSignal({ space_uuid: s, location_uuid: location.uuid, device_uuid: d.uuid, online: true });
    for (const d of devices)
      await r.alertSignal({ space_uuid: s, location_uuid: location.uuid, device_uuid: d.uuid, online: false });
    const all = await incidentsAt(location.uuid);
    expect(all.find((i) => i.uuid === a.uuid)?.state).toBe("resolved");
    expect(all.filter((i) => i.rule_uuid === ruleB.uuid && i.state === "open")).toHaveLength(1);
  });

  it("the bell reads incident events from the server and keeps each user's read mark", async () => {
    const { s, channel, addRule, admin } = await setup();
    await addRule({ name: "Bell", condition: { kind: "device_offline" }, duration_s: 0, channels: [channel.uuid] });
    const { location, devices } = await locationWithDevices(s, 1);
    await goOffline(s, location.uuid, devices, Date.now());
    const bell = BellFeed.parse(await (await api(`/api/space/${s}/incident-bell/`, { token: admin.token })).json());
    expect(bell).toMatchObject({
      unread: 1,
      seen_at: null,
      items: [{ kind: "opened", location: { uuid: location.uuid } }],
    });
    const seen = await api(`/api/space/${s}/incident-bell/seen/`, { method: "POST", token: admin.token });
    expect(BellFeed.parse(await seen.json())).toMatchObject({ unread: 0 });
  });
});

describe("notification preferences", () => {
  it("are the caller's own: defaults, then what they saved; quiet hours are read on their clock", async () => {
    const { token } = await memberOf("viewer");
    const path = "/api/account/notification-preferences/";
    expect(NotificationPreferences.parse(await (await api(path, { token })).json())).toEqual({
      channels: ["email", "bell"],
      quiet_hours: null,
      spaces: [],
    });
    const saved = {
      channels: ["bell"],
      quiet_hours: { start: "22:00", end: "07:00", time_zone: "Europe/Zagreb" },
      spaces: [],
    };
    const put = await api(path, { method: "PUT", token, json: saved });
    expect(put.status).toBe(200);
    expect(NotificationPreferences.parse(await (await api(path, { token })).json())).toEqual(saved);
    expect(
      (
        await api(path, {
          method: "PUT",
          token,
          json: { quiet_hours: { start: "25:00", end: "07:00", time_zone: "UTC" } },
        })
      ).status,
    ).toBe(400);
    expect((await api(path)).status).toBe(401);
    const quiet = saved.quiet_hours;
    expect(insideQuietHours(quiet, Date.parse("2026-11-25T22:30:00Z"))).toBe(true); // 23:30 in Zagreb
    expect(insideQuietHours(quiet, Date.parse("2026-11-25T06:30:00Z"))).toBe(false); // 07:30 in Zagreb
  });
});

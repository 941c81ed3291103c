import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { AlertRule, Incident } from "../../contracts/alerting/schema.ts";
import { incidentTable } from "../../drizzle/schema/index.ts";
import type { Env } from "../../worker/env.ts";
import { LocationAlerts } from "../../worker/rooms/location-alerts.ts";
import { recordOffline, recordOnline } from "../../worker/services/devices/presence.ts";
import { countingD1 } from "../d1-counting.ts";
import { api, db, makeDevice, makeLocation, memberOf } from "../factories.ts";
import { join, until } from "../ws.ts";

/*
 * The real path: the DeviceRoom's presence writes tell the LocationRoom, which opens the incident
 * and fans incidentUpdate out on the space room; the device coming back resolves it.
 */

describe("presence transitions → incidents", () => {
  it("a device going offline opens its location's incident live; coming back resolves it", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const location = await makeLocation(s);
    const device = await makeDevice(s, { location_uuid: location.uuid, connected_status: "connected", name: "Till 1" });
    const res = await api(`/api/space/${s}/alert-rule/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "Offline now", condition: { kind: "device_offline", outside_working_hours: true }, duration_s: 0 },
    });
    AlertRule.parse(await res.json());
    const dash = await join(`/parties/space/${s}`, admin.token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));

    const now = Date.now();
    await recordOnline(env, device.uuid, { now, since: now });
    await recordOffline(env, device.uuid, { lastSeen: now + 1000, since: now });
    const opened = () => dash.messages.find((m) => m.type === "incidentUpdate" && m.event === "incidentOpened");
    await until(() => opened() !== undefined);
    const incident = Incident.parse((opened() as { incident: unknown }).incident);
    expect(incident).toMatchObject({
      state: "open",
      location: { uuid: location.uuid },
      devices: [{ uuid: device.uuid, name: "Till 1" }],
    });

    await recordOnline(env, device.uuid, { now: now + 5000, since: now + 5000 });
    await until(() => dash.messages.some((m) => m.type === "incidentUpdate" && m.event === "incidentResolved"));
    const [row] = await db().select().from(incidentTable).where(eq(incidentTable.uuid, incident.uuid));
    expect(row.state).toBe("resolved");
  });

  it("a reconnect or healthy report at a quiet location reads nothing; offline reads the rules; online resolves", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const location = await makeLocation(s);
    const device = await makeDevice(s, {
      location_uuid: location.uuid,
      connected_status: "connected",
      name: "Till 2",
      online: true,
    });
    const res = await api(`/api/space/${s}/alert-rule/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "Offline now", condition: { kind: "device_offline", outside_working_hours: true }, duration_s: 0 },
    });
    AlertRule.parse(await res.json());
    const incidents = () => db().select().from(incidentTable).where(eq(incidentTable.location_uuid, location.uuid));
    const signal = { space_uuid: s, location_uuid: location.uuid, device_uuid: device.uuid, name: "Till 2" };
    const room = await getServerByName(env.Location, location.uuid);
    await runInDurableObject(room, async (_instance, state) => {
      const counting = countingD1(env.DB);
      const host = { env: { ...env, DB: counting.d1 } as Env, storage: state.storage, armAlarm: async () => {} };
      const at = Date.now();
      // As after an outage: whatever the rule's creation read is older than the context's life.
      const ageContext = () => {
        const kept = state.storage.kv.get<{ loaded_at: number }>("alerting:context");
        if (kept) state.storage.kv.put("alerting:context", { ...kept, loaded_at: 0 });
        return kept;
      };
      await new Promise((r) => setTimeout(r, 200));
      ageContext();

      // A reconnect at a location with nothing pending: no context read, nothing written.
      await new LocationAlerts(host).signal({ ...signal, online: true, at });
      // …nor a first report of health no rule calls a problem (codes under warning).
      await new LocationAlerts(host).signal({ ...signal, health: { cpu_condition: 1, disk_condition: 0 }, at });
      expect(counting.trips()).toBe(0);

      const alerts = new LocationAlerts(host);
      await alerts.signal({ ...signal, online: false, at: at + 1000 });
      expect(counting.queries().some((q) => q.includes('"alert_rule"'))).toBe(true);
      const [opened] = await incidents();
      expect(opened?.state).toBe("open");

      // A room woken later (its context stale) with the incident open: the reconnect reads and resolves it.
      expect(ageContext()).toBeDefined();
      const before = counting.trips();
      await new LocationAlerts(host).signal({ ...signal, online: true, at: at + 2000 });
      expect(counting.trips()).toBeGreaterThan(before);
      const [resolved] = await incidents();
      expect(resolved?.state).toBe("resolved");

      // An application's state is not in D1: a recovery is read into the kept facts even when quiet,
      // so a crash it ended is not carried over by the next read.
      await new LocationAlerts(host).signal({ ...signal, app: "crashed", at: at + 3000 });
      ageContext();
      const beforeApp = counting.trips();
      await new LocationAlerts(host).signal({ ...signal, app: "ok", at: at + 4000 });
      expect(counting.trips()).toBeGreaterThan(beforeApp);
      const facts = state.storage.kv.get<{ devices: { uuid: string; app?: string }[] }>("alerting:context");
      expect(facts?.devices.find((x) => x.uuid === device.uuid)?.app).toBe("ok");
    });
  });
});

import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AlertRule, Incident } from "../../contracts/alerting/schema.ts";
import { incidentTable } from "../../drizzle/schema/index.ts";
import { recordOffline, recordOnline } from "../../worker/services/devices/presence.ts";
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
});

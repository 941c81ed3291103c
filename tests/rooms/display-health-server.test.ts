import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import type { Telemetry } from "../../contracts/devices/telemetry.ts";
import type { DisplayHealth } from "../../contracts/display-health/schema.ts";
import { deviceTable, maintenanceWindowTable, spaceTable } from "../../drizzle/schema/index.ts";
import type { Env } from "../../worker/env.ts";
import type { DeviceCaptures } from "../../worker/rooms/device-captures.ts";
import { countingD1 } from "../d1-counting.ts";
import { api, db, makeDevice, makeLocation, makeSpace, makeWorkingTime, memberOf } from "../factories.ts";
import { fakeAgent } from "../fake-agent.ts";
import { until } from "../ws.ts";

const captures = (instance: unknown) => (instance as { captures: DeviceCaptures }).captures;
const off: DisplayHealth = { display: "HDMI-1", state: "panel_off_unexpected", panel: "off", since: 1 };
const screen = { name: "HDMI-1", type: "display", enabled: true, combined_status: 0, status: [0] };
const telemetry: Telemetry = { display_health: [off], peripherals: { devicesInfo: [screen] } };
// A Monday in November, on the location's clock (Europe/Zagreb, UTC+1).
const MONDAY_NOON = Date.UTC(2026, 10, 2, 11, 0, 0);
const MONDAY_NIGHT = Date.UTC(2026, 10, 2, 23, 30, 0);

async function kioskAtShop() {
  const space = await makeSpace({ timezone: "Europe/Zagreb" });
  const location = await makeLocation(space.space_uuid, { global_working_time_enabled: false });
  await makeWorkingTime(space.space_uuid, location.uuid, "monday", [{ start: "08:00:00", end: "20:00:00" }]);
  const device = await makeDevice(space.space_uuid, { location_uuid: location.uuid, connected_status: "connected" });
  return { space, location, device, room: await getServerByName(env.Device, device.uuid) };
}

describe("display health on the server", () => {
  it("a dark panel outside working time or in maintenance is scheduled and not critical; in working time it is", async () => {
    const { space, location, room } = await kioskAtShop();
    const classify = (now: number) =>
      runInDurableObject(room, async (instance, state) => {
        // A schedule kept from another `now` would answer for it: each case reads afresh.
        state.storage.sql.exec("DELETE FROM kv WHERE key = 'panel_schedule'");
        return captures(instance).classify(telemetry, now);
      });
    const day = await classify(MONDAY_NOON);
    expect(day.display_health?.[0]?.state).toBe("panel_off_unexpected");
    expect(day.peripherals?.devicesInfo[0]?.combined_status).toBe(3);

    const night = await classify(MONDAY_NIGHT);
    expect(night.display_health?.[0]?.state).toBe("panel_off_scheduled");
    expect(night.peripherals?.devicesInfo[0]?.combined_status).toBe(0);

    await db()
      .insert(maintenanceWindowTable)
      .values({
        space_uuid: space.space_uuid,
        scope_kind: "location",
        scope_uuid: location.uuid,
        scope_name: "Shop",
        start: new Date(MONDAY_NOON - 3_600_000).toISOString(),
        end: new Date(MONDAY_NOON + 3_600_000).toISOString(),
        reason: "Panel swap",
      });
    const maintenance = await classify(MONDAY_NOON);
    expect(maintenance.display_health?.[0]?.state).toBe("panel_off_scheduled");
    expect(maintenance.peripherals?.devicesInfo[0]?.combined_status).toBe(0);

    // A black screen is critical whatever the time.
    const black = await runInDurableObject(room, (instance) =>
      captures(instance).classify({ display_health: [{ ...off, state: "black", panel: "on" }] }, MONDAY_NIGHT),
    );
    expect(black.peripherals?.devicesInfo).toMatchObject([{ name: "HDMI-1", type: "display", combined_status: 3 }]);
  });

  it("sends the space's capture interval with the hello's answer and live when an Admin changes it", async () => {
    const space = await makeSpace({ capture_interval_s: 120 });
    const admin = await memberOf("admin", space);
    const device = await makeDevice(space.space_uuid, { connected_status: "connected" });
    const agent = await fakeAgent(device);
    agent.hello();
    const intervals = () =>
      agent.messages.flatMap((m) =>
        (m.type === "helloAck" || m.type === "agentConfig") && m.capture_interval_s !== undefined
          ? [m.capture_interval_s]
          : [],
      );
    await until(() => intervals().length > 0);
    expect(intervals()).toEqual([120]);
    for (let i = 0; i < 100; i++) {
      const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
      if (row?.online) break;
      await new Promise((r) => setTimeout(r, 30));
    }
    const patched = await api(`/api/space/${space.space_uuid}/`, {
      method: "PATCH",
      token: admin.token,
      json: { capture_interval_s: 90 },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await patched.json()).toMatchObject({ capture_interval_s: 90 });
    await until(() => intervals().includes(90));
    // Out of bounds: a clear error, nothing changed.
    const bad = await api(`/api/space/${space.space_uuid}/`, {
      method: "PATCH",
      token: admin.token,
      json: { capture_interval_s: 5, capture_retention_days: 0 },
    });
    expect(bad.status).toBe(400);
    const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
    expect(errors.capture_interval_s).toEqual(["Ensure the capture interval is at least 60 seconds."]);
    expect(errors.capture_retention_days).toEqual(["Ensure captures are kept at least 1 day."]);
    const row = await db().select().from(spaceTable).where(eq(spaceTable.space_uuid, space.space_uuid)).get();
    expect(row?.capture_interval_s).toBe(90);
    agent.ws?.close();
  });

  it("a room's first hello keeps the capture settings its inventory write returned: no settings SELECT", async () => {
    const space = await makeSpace({ capture_interval_s: 180, capture_retention_days: 3 });
    const device = await makeDevice(space.space_uuid, { connected_status: "connected" });
    const agent = await fakeAgent(device);
    const room = await getServerByName(env.Device, device.uuid);
    const counting = countingD1((env as unknown as Env).DB);
    await runInDurableObject(room, (instance) => {
      (instance as unknown as { env: Env }).env = { ...(instance as unknown as { env: Env }).env, DB: counting.d1 };
    });
    // An agent's hello as agents send it: with its inventory, which the room writes.
    agent.send({ type: "hello", agent_version: "test", machine_id: "m-1", inventory: { operating_system_name: "OS" } });
    const configs = () => agent.messages.filter((m) => m.type === "agentConfig");
    await until(() => configs().length > 0);
    expect(configs()).toMatchObject([{ capture_interval_s: 180 }]);
    const queries = counting.queries().map((q) => q.toLowerCase());
    // The hello's write ran (it carries the settings) and no statement read them apart from it.
    expect(queries.filter((q) => q.startsWith("update device") && q.includes("capture_interval_s"))).toHaveLength(1);
    expect(queries.filter((q) => q.startsWith("select") && q.includes("capture_interval_s"))).toEqual([]);
    const kept = await runInDurableObject(room, (instance) => ({
      interval: captures(instance).cachedIntervalS(Date.now()),
      days: captures(instance).retentionDays(),
    }));
    expect(kept).toEqual({ interval: 180, days: 3 });
    agent.ws?.close();
  });

  it("a hello's row returned before the space's settings changed is not kept over the change", async () => {
    const space = await makeSpace({ capture_interval_s: 180 });
    const device = await makeDevice(space.space_uuid, { connected_status: "connected" });
    const room = await getServerByName(env.Device, device.uuid);
    const row = {
      space: space.space_uuid,
      name: device.name,
      enabled: true,
      debug_mode: false,
      vision: "disabled" as const,
      capture: { days: 7, interval: 180 },
    };
    const kept = await runInDurableObject(room, (instance) => {
      const c = captures(instance);
      const now = Date.now();
      const mark = c.settingsMark();
      // The change arrives while the hello's write waits its batch.
      c.forgetSettings();
      c.seedSettings(row, now, mark);
      const stale = c.cachedIntervalS(now);
      c.seedSettings(row, now, c.settingsMark());
      return { stale, fresh: c.cachedIntervalS(now) };
    });
    expect(kept).toEqual({ stale: null, fresh: 180 });
  });

  it("a hello that writes nothing (an archived device) still reads the capture settings", async () => {
    const space = await makeSpace({ capture_interval_s: 240 });
    const device = await makeDevice(space.space_uuid, { connected_status: "connected" });
    const agent = await fakeAgent(device);
    await db().update(deviceTable).set({ connected_status: "archived" }).where(eq(deviceTable.uuid, device.uuid));
    agent.send({ type: "hello", agent_version: "test", machine_id: "m-2", inventory: { operating_system_name: "OS" } });
    const configs = () => agent.messages.filter((m) => m.type === "agentConfig");
    await until(() => configs().length > 0);
    expect(configs()).toMatchObject([{ capture_interval_s: 240 }]);
    agent.ws?.close();
  });

  it("deletes captures older than the space's retention from R2 and the index, and arms the next cleanup", async () => {
    const space = await makeSpace({ capture_retention_days: 2 });
    const device = await makeDevice(space.space_uuid, { connected_status: "connected" });
    const room = await getServerByName(env.Device, device.uuid);
    const DAY = 86_400_000;
    const t0 = MONDAY_NOON;
    const jpeg = btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xd9));
    const kept = await runInDurableObject(room, async (instance) => {
      const c = captures(instance);
      for (const at of [t0, t0 + DAY, t0 + 2 * DAY])
        await c.record(
          { type: "displayCapture", display: "HDMI-1", at, state: "showing", panel: "on", metrics: null, jpeg },
          at,
        );
      const next = await c.prune(t0 + 2 * DAY + 3_600_000);
      return { next, left: c.list({ from: 0, to: t0 + 3 * DAY }).map((e) => e.at) };
    });
    expect(kept.left).toEqual([t0 + DAY, t0 + 2 * DAY]);
    // The oldest left expires two days after it was taken.
    expect(kept.next).toBe(t0 + 3 * DAY);
    const objects = await env.FILES.list({ prefix: `captures/${space.space_uuid}/${device.uuid}/` });
    expect(objects.objects.map((o) => o.key.split("/").pop())).toEqual([`${t0 + DAY}.jpg`, `${t0 + 2 * DAY}.jpg`]);
  });

  it("files a backfilled capture of the last day at its own time, and drops an older one", async () => {
    const space = await makeSpace();
    const device = await makeDevice(space.space_uuid, { connected_status: "connected" });
    const room = await getServerByName(env.Device, device.uuid);
    const HOUR = 3_600_000;
    const received = MONDAY_NOON;
    const listed = await runInDurableObject(room, async (instance) => {
      const c = captures(instance);
      const capture = (at: number, backfill?: boolean) =>
        c.record(
          {
            type: "displayCapture",
            display: "HDMI-1",
            at,
            state: "frozen",
            panel: "on",
            metrics: null,
            jpeg: null,
            ...(backfill ? { backfill } : {}),
          },
          received,
        );
      await capture(received - 2 * HOUR, true);
      await capture(received - 25 * HOUR, true);
      // A live capture is filed at the room's time, whatever the agent's clock says.
      await capture(received - 5 * HOUR);
      return c.list({ from: received - 30 * HOUR, to: received + HOUR }).map((e) => e.at);
    });
    expect(listed).toEqual([received - 2 * HOUR, received]);
  });
});

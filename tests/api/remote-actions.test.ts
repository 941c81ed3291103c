import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { VISION_LINUX_ONLY_MESSAGE } from "../../contracts/cameras/vision.ts";
import { TIMEOUT_MESSAGE } from "../../contracts/commands/schema.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import { deviceTable, peripheralTable, userTable } from "../../drizzle/schema/index.ts";
import { createDeviceTables } from "../../worker/rooms/device-storage.ts";
import { forgetAllCallers } from "../../worker/services/access/caller-cache.ts";
import { api, db, makeDevice, makePeripheral, memberOf } from "../factories.ts";
import { type Command, fakeAgent } from "../fake-agent.ts";
import { until } from "../ws.ts";

/** 1×1 JPEG. */
const JPEG =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z";

type Answer = (m: Command) => object;

/** A Linux Computer with a fake agent online in its room, answering every command with `answer`. */
async function onlineDevice(
  role: "content_manager" | "viewer" = "content_manager",
  answer?: Answer,
  deviceType: string = DEVICE_TYPE_UUID.linux,
) {
  const member = await memberOf(role);
  const device = await makeDevice(member.space.space_uuid, {
    connected_status: "connected",
    device_type_uuid: deviceType,
  });
  const seen: string[] = [];
  const agent = await fakeAgent(device, (m) => {
    seen.push(m.action);
    return { answer: answer?.(m) };
  });
  await until(() => false, 250).catch(() => {});
  const base = `/api/space/${member.space.space_uuid}/device/${device.uuid}`;
  return { member, device, agent, seen, base };
}

describe("remote actions", () => {
  it("takes a screenshot through the agent, stores it and serves it to members only", async () => {
    const { member, base, seen, agent } = await onlineDevice("content_manager", () => ({
      ok: true,
      result: { image_base64: JPEG },
    }));
    const res = await api(`${base}/screen-capture/`, {
      method: "POST",
      token: member.token,
      json: { action: "screenshot" },
    });
    expect(res.status).toBe(200);
    const { screenshot_url } = (await res.json()) as { screenshot_url: string };
    expect(screenshot_url).toMatch(/\/screenshot\/[\w-]+\.jpg$/);
    expect(seen).toEqual(["screenshot"]);
    const image = await api(screenshot_url, { token: member.token });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await image.arrayBuffer())[0]).toBe(0xff);
    const stranger = await memberOf("admin");
    expect((await api(screenshot_url, { token: stranger.token })).status).toBe(403);
    agent.ws?.close();
  });

  it("a repeated request_id runs the action once", async () => {
    const { member, base, seen, agent } = await onlineDevice("content_manager", () => ({
      ok: true,
      result: { url: "vnc://10.0.0.5:5900" },
    }));
    const json = { action: "remote-desktop", request_id: "retry-1234-abcd" };
    const first = await api(`${base}/remote-sharing/`, { method: "POST", token: member.token, json });
    const again = await api(`${base}/remote-sharing/`, { method: "POST", token: member.token, json });
    expect(await first.json()).toEqual({ url: "vnc://10.0.0.5:5900" });
    expect(await again.json()).toEqual({ url: "vnc://10.0.0.5:5900" });
    expect(seen).toEqual(["remote-desktop"]);
    agent.ws?.close();
  });

  it("reverse SSH needs super_admin or sys_dev; headless VNC needs sys_dev; viewers cannot act", async () => {
    const { member, base, agent } = await onlineDevice("content_manager", () => ({
      ok: true,
      result: { port: 40022 },
    }));
    const rssh = { method: "POST", token: member.token, json: { action: "reverse-ssh" } };
    expect((await api(`${base}/remote-sharing/`, rssh)).status).toBe(403);
    expect(
      (await api(`${base}/headless-remote-sharing/`, { ...rssh, json: { action: "remote-desktop" } })).status,
    ).toBe(403);
    await db().update(userTable).set({ super_admin: true }).where(eq(userTable.uuid, member.user.uuid));
    forgetAllCallers(); // a raw write: the API's few-seconds caller cache would not see it yet
    const ok = await api(`${base}/remote-sharing/`, rssh);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ port: 40022 });
    expect(
      (await api(`${base}/headless-remote-sharing/`, { ...rssh, json: { action: "remote-desktop" } })).status,
    ).toBe(403);
    await db().update(userTable).set({ sys_dev: true }).where(eq(userTable.uuid, member.user.uuid));
    forgetAllCallers();
    expect(
      (await api(`${base}/headless-remote-sharing/`, { ...rssh, json: { action: "remote-desktop" } })).status,
    ).toBe(200);
    const viewer = await memberOf("viewer", member.space);
    const shot = { method: "POST", token: viewer.token, json: { action: "screenshot" } };
    expect((await api(`${base}/screen-capture/`, shot)).status).toBe(403);
    expect((await api(`${base}/screen-capture/`, { ...shot, json: { action: "nope" } })).status).toBe(403);
    agent.ws?.close();
  });

  it("power control without the space prefix: 204, 404 for strangers, 403 for viewers, 503 offline", async () => {
    const { member, device, seen, agent } = await onlineDevice();
    const path = `/api/device/${device.uuid}/power-control/`;
    const reboot = { method: "POST", json: { action: "instant-reboot" } };
    expect((await api(path, { ...reboot, token: member.token })).status).toBe(204);
    expect(seen).toEqual(["instant-reboot"]);
    expect((await api(path, { ...reboot, token: (await memberOf("admin")).token })).status).toBe(404);
    expect((await api(path, { ...reboot, token: (await memberOf("viewer", member.space)).token })).status).toBe(403);
    expect((await api(path, reboot)).status).toBe(401);
    expect((await api(path, { ...reboot, token: member.token, json: { action: "explode" } })).status).toBe(400);
    agent.ws?.close();
    await until(() => false, 250).catch(() => {});
    const offline = await api(path, { ...reboot, token: member.token });
    expect(offline.status).toBe(503);
    expect(await offline.json()).toMatchObject({
      code: "device_offline",
      message: "physical device temporarily unavailable",
    });
  });

  it("an answer that does not fit the action's result is 502 device_failed, never a crash", async () => {
    const { member, base, agent } = await onlineDevice("content_manager", (m) => ({
      ok: true,
      result: m.action === "screenshot" ? { image_base64: "not base64!" } : { port: "twenty-two" },
    }));
    for (const [path, action] of [
      ["screen-capture", "screenshot"],
      ["remote-sharing", "remote-desktop"],
    ] as const) {
      const res = await api(`${base}/${path}/`, { method: "POST", token: member.token, json: { action } });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({
        code: "device_failed",
        message: `The device sent an unreadable answer to ${action}.`,
      });
    }
    agent.ws?.close();
  });

  it("a command an older room recorded without an answer is 503 device_timeout with the timeout text", async () => {
    const { member, device, base, seen, agent } = await onlineDevice();
    // Recorded as sent by an older room (its `commands` table) that is gone: its answer cannot come.
    // The room's start moves such rows into command_log.
    const room = await getServerByName(env.Device, device.uuid);
    await runInDurableObject(room, (_instance, state) => {
      state.storage.sql.exec(
        "INSERT INTO commands (id, action, at) VALUES (?, ?, ?)",
        "lost-1234-abcd",
        "remote-desktop",
        Date.now(),
      );
      createDeviceTables(state.storage.sql);
    });
    const json = { action: "remote-desktop", request_id: "lost-1234-abcd" };
    const res = await api(`${base}/remote-sharing/`, { method: "POST", token: member.token, json });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "device_timeout", message: TIMEOUT_MESSAGE });
    expect(seen).toEqual([]);
    agent.ws?.close();
  });

  it("sends each action's typed params (contracts/commands/schema.ts)", async () => {
    const params: Record<string, unknown>[] = [];
    const { member, base, agent } = await onlineDevice("content_manager", (m) => {
      params.push(m.params);
      return { ok: true, result: {} };
    });
    const patch = (path: string, json: object) =>
      api(`${base}/${path}/`, { method: "PATCH", token: member.token, json });
    expect((await patch("debug-status", { debug_mode: true })).status).toBe(200);
    expect((await patch("vision-enabled-status", { enabled: true })).status).toBe(200);
    expect((await patch("enabled-status", { enabled: false })).status).toBe(200);
    expect(params).toEqual([{ debug_mode: true }, { enabled: true }, { enabled: false }]);
    agent.ws?.close();
  });

  it("enabled, debug and telemetry refresh go through the agent and are stored", async () => {
    const { member, device, base, seen, agent } = await onlineDevice();
    const debug = await api(`${base}/debug-status/`, {
      method: "PATCH",
      token: member.token,
      json: { debug_mode: true },
    });
    expect(await debug.json()).toMatchObject({ debug_mode: true });
    expect((await api(`${base}/services-telemetry-refresh/`, { method: "POST", token: member.token })).status).toBe(
      204,
    );
    const off = await api(`${base}/enabled-status/`, {
      method: "PATCH",
      token: member.token,
      json: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ enabled: false });
    expect(seen).toEqual(["set-debug", "telemetry-refresh", "set-enabled"]);
    agent.ws?.send(
      JSON.stringify({
        type: "telemetry",
        telemetry: { ram: { status: 3, total: 100, free: 2, swap_total: 0, swap_free: 0 } },
      }),
    );
    await until(() => false, 250).catch(() => {});
    const viewer = await memberOf("viewer", member.space);
    const history = await api(`${base}/telemetry/`, { token: viewer.token });
    expect(history.status).toBe(200);
    const body = (await history.json()) as { latest: { ram: { status: number } }; history: unknown[] };
    expect(body.latest.ram.status).toBe(3);
    expect(body.history).toHaveLength(1);
    expect((await api(`${base}/telemetry/?since=yesterday`, { token: viewer.token })).status).toBe(400);
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(row).toMatchObject({ enabled: false, debug_mode: true });
    agent.ws?.close();
  });

  it("telemetry refresh and the settings take a request_id: a retry runs nothing twice", async () => {
    const { member, base, seen, agent } = await onlineDevice();
    const refresh = (json?: object) =>
      api(`${base}/services-telemetry-refresh/`, { method: "POST", token: member.token, json });
    expect((await refresh({ request_id: "refresh-0001" })).status).toBe(204);
    expect((await refresh({ request_id: "refresh-0001" })).status).toBe(204);
    expect((await refresh({})).status).toBe(204);
    expect((await refresh({ request_id: "short" })).status).toBe(400);
    const patch = (path: string, json: object) =>
      api(`${base}/${path}/`, { method: "PATCH", token: member.token, json });
    for (let i = 0; i < 2; i++) {
      // A retry of a known id gets its stored outcome, also once the device is disabled.
      expect((await patch("debug-status", { debug_mode: true, request_id: "debug-0001" })).status).toBe(200);
      expect((await patch("vision-enabled-status", { enabled: true, request_id: "vision-0001" })).status).toBe(200);
      expect((await patch("enabled-status", { enabled: false, request_id: "enabled-0001" })).status).toBe(200);
    }
    expect(seen).toEqual(["telemetry-refresh", "telemetry-refresh", "set-debug", "set-vision", "set-enabled"]);
    agent.ws?.close();
  });

  it("vision: success ends enabled; an agent error returns to the previous state", async () => {
    let fail = false;
    const { member, device, base, agent } = await onlineDevice("content_manager", () =>
      fail ? { ok: false, error: "vision service missing" } : { ok: true, result: {} },
    );
    const toggle = (enabled: boolean) =>
      api(`${base}/vision-enabled-status/`, { method: "PATCH", token: member.token, json: { enabled } });
    const on = await toggle(true);
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ vision_enabled: "enabled" });
    fail = true;
    const failed = await toggle(false);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: "device_failed", message: "vision service missing" });
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(row?.vision_enabled).toBe("enabled");
    await db().update(deviceTable).set({ vision_enabled: "enable_pending" }).where(eq(deviceTable.uuid, device.uuid));
    expect((await toggle(false)).status).toBe(409);
    agent.ws?.close();
  });

  it("vision is refused (400) on anything but a Linux Computer, directly and through the queue", async () => {
    const { member, device, base, seen, agent } = await onlineDevice(
      "content_manager",
      () => ({ ok: true, result: {} }),
      DEVICE_TYPE_UUID.windows,
    );
    const refused = await api(`${base}/vision-enabled-status/`, {
      method: "PATCH",
      token: member.token,
      json: { enabled: true },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "bad_request", message: VISION_LINUX_ONLY_MESSAGE });
    const queued = await api(`${base}/command/add/`, {
      method: "POST",
      token: member.token,
      json: { action: "set-vision", params: { enabled: true } },
    });
    expect(queued.status).toBe(400);
    // Turning it off stays possible (a device that was moved off Linux, say).
    expect(
      (await api(`${base}/vision-enabled-status/`, { method: "PATCH", token: member.token, json: { enabled: false } }))
        .status,
    ).toBe(200);
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(row?.vision_enabled).toBe("disabled");
    expect(seen).toEqual([]);
    agent.ws?.close();
  });
});

describe("a device that is not installed (devices.md §7)", () => {
  it("refuses every remote action with 'Action failed. Device not installed.', directly and through the queue", async () => {
    const member = await memberOf("content_manager");
    for (const connected_status of ["non_connected", "installation_pending"] as const) {
      const device = await makeDevice(member.space.space_uuid, {
        connected_status,
        device_type_uuid: DEVICE_TYPE_UUID.linux,
      });
      const base = `/api/space/${member.space.space_uuid}/device/${device.uuid}`;
      const refused = [
        await api(`${base}/screen-capture/`, { method: "POST", token: member.token, json: { action: "screenshot" } }),
        await api(`${base}/vision-enabled-status/`, { method: "PATCH", token: member.token, json: { enabled: true } }),
        await api(`${base}/command/add/`, {
          method: "POST",
          token: member.token,
          json: { action: "instant-reboot", params: {} },
        }),
        await api(`/api/device/${device.uuid}/power-control/`, {
          method: "POST",
          token: member.token,
          json: { action: "instant-reboot" },
        }),
      ];
      for (const res of refused) {
        expect(res.status).toBe(409);
        expect(await res.json()).toMatchObject({
          code: "device_not_installed",
          message: "Action failed. Device not installed.",
        });
      }
    }
  });
});

describe("agent settings take effect", () => {
  it("a disabled device is refused every action but re-enabling, upfront (never sent to the agent)", async () => {
    const { member, device, base, seen, agent } = await onlineDevice();
    const call = (path: string, method: string, json?: object) =>
      api(`${base}/${path}/`, { method, token: member.token, json });
    expect((await call("enabled-status", "PATCH", { enabled: false })).status).toBe(200);
    const refused = [
      await call("remote-sharing", "POST", { action: "remote-desktop" }),
      await call("screen-capture", "POST", { action: "screenshot" }),
      await call("debug-status", "PATCH", { debug_mode: true }),
      await call("vision-enabled-status", "PATCH", { enabled: true }),
      await call("services-telemetry-refresh", "POST"),
      await call("agent-logs", "GET"),
      await call("command/add", "POST", { action: "screenshot", params: {} }),
      await api(`/api/device/${device.uuid}/power-control/`, {
        method: "POST",
        token: member.token,
        json: { action: "instant-reboot" },
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: "device_disabled", message: "Device is disabled" });
    }
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(row?.vision_enabled).toBe("disabled");
    expect((await call("enabled-status", "PATCH", { enabled: true })).status).toBe(200);
    expect(seen).toEqual(["set-enabled", "set-enabled"]);
    agent.ws?.close();
  });

  it("the settings the agent reports on hello are recorded", async () => {
    const { member, device, base, agent } = await onlineDevice();
    agent.send({
      type: "hello",
      agent_version: "test",
      // With inventory too: its write and the settings' read share one D1 batch.
      machine_id: "m-reported",
      inventory: { operating_system_name: "Debian" },
      settings: { enabled: false, debug_mode: true, vision: true },
    });
    const rowOf = () => db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    for (let i = 0; i < 150 && (await rowOf())?.enabled !== false; i++) await new Promise((r) => setTimeout(r, 20));
    const row = await rowOf();
    expect(row).toMatchObject({
      enabled: false,
      debug_mode: true,
      vision_enabled: "enabled",
      machine_id: "m-reported",
      operating_system_name: "Debian",
    });
    const detail = await api(`${base}/`, { token: member.token });
    expect(await detail.json()).toMatchObject({ enabled: false, debug_mode: true, vision_enabled: "enabled" });
    // A hello without settings (an older agent) changes none of them.
    agent.hello();
    await until(() => false, 250).catch(() => {});
    expect(await rowOf()).toMatchObject({ enabled: false, debug_mode: true, vision_enabled: "enabled" });
    agent.ws?.close();
  });

  it("reboot without --allow-power answers the dry run, not 204", async () => {
    const { member, device, agent } = await onlineDevice("content_manager", () => ({
      ok: true,
      result: { dry_run: true, would_run: "systemctl reboot" },
    }));
    const res = await api(`/api/device/${device.uuid}/power-control/`, {
      method: "POST",
      token: member.token,
      json: { action: "instant-reboot" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dry_run: true, would_run: "systemctl reboot" });
    agent.ws?.close();
  });

  it("agent-logs answers the agent's recent lines (fetch-logs with its limit)", async () => {
    const params: Record<string, unknown>[] = [];
    const { member, base, agent } = await onlineDevice("content_manager", (m) => {
      params.push(m.params);
      return { ok: true, result: { lines: ["a", "b"], debug_mode: false } };
    });
    const res = await api(`${base}/agent-logs/?limit=2`, { token: member.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ lines: ["a", "b"], debug_mode: false });
    expect(params).toEqual([{ limit: 2 }]);
    expect((await api(`${base}/agent-logs/?limit=0`, { token: member.token })).status).toBe(400);
    const viewer = await memberOf("viewer", member.space);
    expect((await api(`${base}/agent-logs/`, { token: viewer.token })).status).toBe(403);
    agent.ws?.close();
  });
});

describe("peripheral enabled-status", () => {
  it("switches a peripheral through the agent and records it; type and ownership are checked", async () => {
    const { member, device, base, seen, agent } = await onlineDevice();
    const reader = await makePeripheral(device);
    const path = (type: string, uuid = reader?.uuid ?? "") => `${base}/peripherals/${type}/${uuid}/enabled-status/`;
    const patch = (url: string, json: unknown, token = member.token) => api(url, { method: "PATCH", token, json });

    const off = await patch(path("card-reader"), { enabled: false });
    expect(off.status).toBe(200);
    const body = (await off.json()) as {
      peripherals: { uuid: string; enabled: boolean }[];
      peripheral_switch?: { monitoring_only: boolean };
    };
    // The agent switched the hardware (it said nothing of monitoring only).
    expect(body.peripheral_switch).toEqual({ monitoring_only: false });
    expect(body.peripherals.find((x) => x.uuid === reader?.uuid)?.enabled).toBe(false);
    expect(seen).toEqual(["set-peripheral-enabled"]);
    const row = await db()
      .select()
      .from(peripheralTable)
      .where(eq(peripheralTable.uuid, reader?.uuid ?? ""))
      .get();
    expect(row?.enabled).toBe(false);

    // A card reader is not a money acceptor; a printer cannot be switched; unknown peripherals are 404.
    expect((await patch(path("money-acceptor"), { enabled: true })).status).toBe(404);
    const bad = await patch(path("pos-printer"), { enabled: true });
    expect(bad.status).toBe(400);
    expect((await patch(path("card-reader", crypto.randomUUID()), { enabled: true })).status).toBe(404);
    expect((await patch(path("card-reader"), { enabled: "no" })).status).toBe(400);
    expect(seen).toEqual(["set-peripheral-enabled"]);

    // Viewers cannot; another space's admin does not even find the device.
    const viewer = await memberOf("viewer", member.space);
    expect((await patch(path("card-reader"), { enabled: true }, viewer.token)).status).toBe(403);
    const stranger = await memberOf("admin");
    expect((await patch(path("card-reader"), { enabled: true }, stranger.token)).status).toBe(403);
    agent.ws?.close();
  });

  it("a peripheral the agent could only stop monitoring is answered 'monitoring only', with its reason", async () => {
    const reason = "The peripheral is not a USB device this agent can switch.";
    const { member, device, base, agent } = await onlineDevice("content_manager", (m) =>
      m.action === "set-peripheral-enabled"
        ? {
            ok: true,
            result: { peripheral_uuid: m.params?.peripheral_uuid, enabled: false, monitoring_only: true, reason },
          }
        : { ok: true, result: {} },
    );
    const reader = await makePeripheral(device);
    const off = await api(`${base}/peripherals/card-reader/${reader?.uuid}/enabled-status/`, {
      method: "PATCH",
      token: member.token,
      json: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ peripheral_switch: { monitoring_only: true, reason } });
    agent.ws?.close();
  });

  it("needs the device online", async () => {
    const member = await memberOf("content_manager");
    const device = await makeDevice(member.space.space_uuid, { connected_status: "connected", online: false });
    const reader = await makePeripheral(device);
    const res = await api(
      `/api/space/${member.space.space_uuid}/device/${device.uuid}/peripherals/card-reader/${reader?.uuid}/enabled-status/`,
      { method: "PATCH", token: member.token, json: { enabled: false } },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      code: "device_offline",
      message: "physical device temporarily unavailable",
    });
  });
});

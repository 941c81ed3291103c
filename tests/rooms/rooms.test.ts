import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { RoomEvent, ServerMessage } from "../../contracts/realtime/events.ts";
import { deviceCredentialTable } from "../../drizzle/schema/index.ts";
import { publishToLocation, publishToSpace } from "../../worker/services/kernel/realtime.ts";
import { db, makeDevice, makeDeviceCredential, makeLocation, memberOf, ORIGIN } from "../factories.ts";
import { join, until } from "../ws.ts";

const deviceEvent = (space_uuid: string, device_uuid: string): RoomEvent => ({
  type: "deviceDetailsUpdate",
  event: "deviceOnline",
  space_uuid,
  device_uuid,
  device_name: "Kiosk 1",
  data: {
    online: true,
    online_since: "2026-11-29T10:00:00.000Z",
    last_seen: "2026-11-29T10:00:00.000Z",
    location_uuid: null,
  },
});

describe("SpaceRoom", () => {
  it("a dashboard in space A receives A's events and never B's", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("viewer");
    const dashA = await join(`/parties/space/${a.space.space_uuid}`, a.token);
    const dashB = await join(`/parties/space/${b.space.space_uuid}`, b.token);
    expect(dashA.status).toBe(101);
    await until(
      () => dashA.messages.some((m) => m.type === "welcome") && dashB.messages.some((m) => m.type === "welcome"),
    );

    await publishToSpace(env, b.space.space_uuid, deviceEvent(b.space.space_uuid, "dev-b"));
    await publishToSpace(env, a.space.space_uuid, deviceEvent(a.space.space_uuid, "dev-a"));
    await until(() => dashA.messages.some((m) => m.type === "deviceDetailsUpdate"));
    await until(() => dashB.messages.some((m) => m.type === "deviceDetailsUpdate"));

    const seenByA = dashA.messages.filter((m) => m.type === "deviceDetailsUpdate");
    expect(seenByA).toEqual([deviceEvent(a.space.space_uuid, "dev-a")]);
    expect(dashB.messages.filter((m) => m.type === "deviceDetailsUpdate")).toEqual([
      deviceEvent(b.space.space_uuid, "dev-b"),
    ]);
    dashA.ws?.close();
    dashB.ws?.close();
  });

  it("refuses a publish whose event names another space", async () => {
    const a = await memberOf("viewer");
    await expect(publishToSpace(env, a.space.space_uuid, deviceEvent("other-space", "d"))).rejects.toThrow();
  });

  it("refuses joins without a token (401), with a bad one (401) and from another space (403)", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("viewer");
    expect((await join(`/parties/space/${a.space.space_uuid}`)).status).toBe(401);
    expect((await join(`/parties/space/${a.space.space_uuid}`, "a.b.c")).status).toBe(401);
    expect((await join(`/parties/space/${a.space.space_uuid}`, b.token)).status).toBe(403);
  });

  it("announces account presence to the other dashboards of the space", async () => {
    const a = await memberOf("admin");
    const other = await memberOf("viewer", a.space);
    const watcher = await join(`/parties/space/${a.space.space_uuid}`, a.token);
    await until(() => watcher.messages.some((m) => m.type === "welcome"));
    const joiner = await join(`/parties/space/${a.space.space_uuid}`, other.token);
    const about = (type: string) => (m: ServerMessage) =>
      m.type === type && "account_uuid" in m && m.account_uuid === other.account.account_uuid;
    await until(() => watcher.messages.some(about("accountOnline")));
    joiner.ws?.close();
    await until(() => watcher.messages.some(about("accountOffline")));
    watcher.ws?.close();
  });

  it("answers ping with pong and malformed messages with an error", async () => {
    const a = await memberOf("viewer");
    const dash = await join(`/parties/space/${a.space.space_uuid}`, a.token);
    dash.ws?.send(JSON.stringify({ type: "ping" }));
    dash.ws?.send("not json");
    dash.ws?.send(JSON.stringify({ type: "launchMissiles" }));
    await until(() => dash.messages.filter((m) => m.type === "error").length === 2);
    expect(dash.messages.some((m) => m.type === "pong")).toBe(true);
    dash.ws?.close();
  });
});

describe("LocationRoom", () => {
  it("admits members of the location's space only and delivers location events", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("viewer");
    const location = await makeLocation(a.space.space_uuid);
    expect((await join(`/parties/location/${location.uuid}`, b.token)).status).toBe(403);
    expect((await join(`/parties/location/${crypto.randomUUID()}`, a.token)).status).toBe(404);
    const dash = await join(`/parties/location/${location.uuid}`, a.token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));
    await publishToLocation(env, location.uuid, {
      type: "locationDetailsUpdate",
      event: "noDevicesDetected",
      space_uuid: a.space.space_uuid,
      location_uuid: location.uuid,
      data: {
        uuid: crypto.randomUUID(),
        location_uuid: location.uuid,
        status: "no_service",
        total_detections: 0,
        created_at: "2026-11-29T10:00:00.000Z",
        completed_at: "2026-11-29T10:00:00.000Z",
      },
    });
    await until(() => dash.messages.some((m) => m.type === "locationDetailsUpdate"));
    dash.ws?.close();
  });
});

describe("DeviceRoom", () => {
  it("admits a device credential to its own device's room only", async () => {
    const a = await memberOf("viewer");
    const mine = await makeDevice(a.space.space_uuid);
    const other = await makeDevice(a.space.space_uuid);
    const credential = await makeDeviceCredential(mine);
    const agent = await join(`/parties/device/${mine.uuid}`, credential);
    expect(agent.status).toBe(101);
    await until(() => agent.messages.some((m) => m.type === "welcome"));
    expect(agent.messages[0]).toMatchObject({ type: "welcome", role: "agent" });
    expect((await join(`/parties/device/${other.uuid}`, credential)).status).toBe(403);
    expect((await join(`/parties/space/${a.space.space_uuid}`, credential)).status).toBe(401);
    expect((await join(`/parties/device/${mine.uuid}`, "made-up-credential")).status).toBe(401);
    agent.ws?.close();
  });

  it("refuses a revoked device credential, and a credential for a device room that does not exist", async () => {
    const a = await memberOf("viewer");
    const device = await makeDevice(a.space.space_uuid);
    const credential = await makeDeviceCredential(device);
    await db()
      .update(deviceCredentialTable)
      .set({ revoked_at: new Date().toISOString() })
      .where(eq(deviceCredentialTable.device_uuid, device.uuid));
    expect((await join(`/parties/device/${device.uuid}`, credential)).status).toBe(401);
    const fresh = await makeDeviceCredential(device);
    expect((await join(`/parties/device/${crypto.randomUUID()}`, fresh)).status).toBe(404);
  });

  it("admits dashboards of the device's space and refuses other spaces", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("admin");
    const device = await makeDevice(a.space.space_uuid);
    expect((await join(`/parties/device/${device.uuid}`, b.token)).status).toBe(403);
    const dash = await join(`/parties/device/${device.uuid}`, a.token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));
    expect(dash.messages[0]).toMatchObject({ role: "dashboard" });
    dash.ws?.close();
  });

  it("rooms refuse plain HTTP from outside", async () => {
    const a = await memberOf("viewer");
    const res = await SELF.fetch(`${ORIGIN}/parties/space/${a.space.space_uuid}?token=${a.token}`);
    expect(res.status).toBe(404);
  });
});

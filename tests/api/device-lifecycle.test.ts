import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { deviceCredentialTable, deviceTable, installationCodeTable } from "../../drizzle/schema/index.ts";
import {
  api,
  auditOf,
  db,
  makeDevice,
  makeDeviceCredential,
  makeDisplay,
  makePeripheral,
  memberOf,
  uid,
} from "../factories.ts";
import { join, until } from "../ws.ts";

const stored = (uuid: string) => db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();
const STATUSES = ["connected", "disconnected", "non_connected", "installation_pending", "archived"] as const;
type Status = (typeof STATUSES)[number];

const code = (device: { uuid: string; space_uuid: string }) =>
  db()
    .insert(installationCodeTable)
    .values({
      space_uuid: device.space_uuid,
      device_uuid: device.uuid,
      code_hash: uid(),
      expires_at: "2099-01-01T00:00:00.000Z",
    })
    .returning()
    .then(([row]) => row);

describe("DELETE /api/space/{space}/device/{uuid}/", () => {
  it("deletes a non_connected device without peripherals or displays: 204, audited, announced", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s, { name: "Gone" });
    const dash = await join(`/parties/space/${s}`, token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));
    const res = await api(`/api/space/${s}/device/${device.uuid}/`, { method: "DELETE", token });
    expect(res.status).toBe(204);
    expect(await stored(device.uuid)).toBeUndefined();
    expect((await auditOf(device.uuid)).map((e) => e.action)).toEqual(["device.delete"]);
    await until(() => dash.messages.some((m) => m.type === "deviceDetailsUpdate"));
    expect(dash.messages.find((m) => m.type === "deviceDetailsUpdate")).toEqual({
      type: "deviceDetailsUpdate",
      event: "deviceDeleted",
      space_uuid: s,
      device_uuid: device.uuid,
      device_name: "Gone",
    });
    dash.ws?.close();
  });

  it("refuses a device with peripherals or displays", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    for (const attach of [makePeripheral, makeDisplay]) {
      const device = await makeDevice(s);
      await attach(device);
      const res = await api(`/api/space/${s}/device/${device.uuid}/`, { method: "DELETE", token });
      expect(res.status).toBe(400);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject({
        message: "Device with peripherals or displays cannot be deleted.",
      });
      expect(await stored(device.uuid)).toBeDefined();
    }
  });

  it("refuses every status but non_connected", async () => {
    const { space, token } = await memberOf("content_manager");
    for (const status of STATUSES.filter((x) => x !== "non_connected")) {
      const device = await makeDevice(space.space_uuid, { connected_status: status });
      const res = await api(`/api/space/${space.space_uuid}/device/${device.uuid}/`, { method: "DELETE", token });
      expect(res.status).toBe(400);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject({
        message: "Only a device that is not installed can be deleted.",
      });
      expect(await stored(device.uuid)).toBeDefined();
    }
  });

  it("refuses Viewers, other spaces and anonymous callers", async () => {
    const viewer = await memberOf("viewer");
    const s = viewer.space.space_uuid;
    const device = await makeDevice(s);
    expect(
      (await api(`/api/space/${s}/device/${device.uuid}/`, { method: "DELETE", token: viewer.token })).status,
    ).toBe(403);
    expect((await api(`/api/space/${s}/device/${device.uuid}/`, { method: "DELETE" })).status).toBe(401);
    const admin = await memberOf("admin");
    const cross = await api(`/api/space/${admin.space.space_uuid}/device/${device.uuid}/`, {
      method: "DELETE",
      token: admin.token,
    });
    expect(cross.status).toBe(404);
    expect(await stored(device.uuid)).toBeDefined();
    expect(await auditOf(device.uuid)).toEqual([]);
  });
});

describe("PATCH /api/space/{space}/device/{uuid}/archived-status/", () => {
  const archive = (s: string, uuid: string, token: string, archived: unknown) =>
    api(`/api/space/${s}/device/${uuid}/archived-status/`, { method: "PATCH", token, json: { archived } });

  it("archives connected, disconnected and pending devices, revoking credentials and codes", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    for (const status of ["connected", "disconnected", "installation_pending"] as Status[]) {
      const device = await makeDevice(s, { connected_status: status, online: status === "connected" });
      await makeDeviceCredential(device);
      await code(device);
      const res = await archive(s, device.uuid, token, true);
      expect(res.status).toBe(200);
      expect(DeviceDetail.parse(await res.json())).toMatchObject({
        connected_status: "archived",
        online: false,
        installation_code_expires_at: null,
      });
      const creds = await db()
        .select()
        .from(deviceCredentialTable)
        .where(eq(deviceCredentialTable.device_uuid, device.uuid));
      expect(creds.every((c) => c.revoked_at !== null)).toBe(true);
      expect((await auditOf(device.uuid))[0]).toMatchObject({
        action: "device.archive",
        before: { connected_status: status },
      });
    }
  });

  it("refuses to archive non_connected or archived devices", async () => {
    const { space, token } = await memberOf("content_manager");
    for (const status of ["non_connected", "archived"] as Status[]) {
      const device = await makeDevice(space.space_uuid, { connected_status: status });
      const res = await archive(space.space_uuid, device.uuid, token, true);
      expect(res.status).toBe(400);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject({
        message: "Only a connected, disconnected or pending device can be archived.",
      });
      expect((await stored(device.uuid))?.connected_status).toBe(status);
    }
  });

  it("unarchives to disconnected when installed before, else non_connected; only from archived", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const installed = await makeDevice(s, { connected_status: "archived", installed_at: "2026-01-01T00:00:00.000Z" });
    const never = await makeDevice(s, { connected_status: "archived" });
    expect(DeviceDetail.parse(await (await archive(s, installed.uuid, token, false)).json()).connected_status).toBe(
      "disconnected",
    );
    expect(DeviceDetail.parse(await (await archive(s, never.uuid, token, false)).json()).connected_status).toBe(
      "non_connected",
    );
    for (const status of STATUSES.filter((x) => x !== "archived")) {
      const device = await makeDevice(s, { connected_status: status });
      const res = await archive(s, device.uuid, token, false);
      expect(res.status).toBe(400);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject({
        message: "Only an archived device can be unarchived.",
      });
    }
  });

  it("validates the body and refuses Viewers", async () => {
    const { space, token } = await memberOf("content_manager");
    const device = await makeDevice(space.space_uuid, { connected_status: "connected" });
    const bad = await archive(space.space_uuid, device.uuid, token, "yes");
    expect(bad.status).toBe(400);
    expect(ApiErrorBody.parse(await bad.json())).toMatchObject({ errors: { archived: ["Must be a valid boolean."] } });
    const missing = await api(`/api/space/${space.space_uuid}/device/${device.uuid}/archived-status/`, {
      method: "PATCH",
      token,
      json: {},
    });
    expect(ApiErrorBody.parse(await missing.json())).toMatchObject({ errors: { archived: ["Required"] } });
    const viewer = await memberOf("viewer", space);
    expect((await archive(space.space_uuid, device.uuid, viewer.token, true)).status).toBe(403);
    expect((await stored(device.uuid))?.connected_status).toBe("connected");
  });
});

describe("PATCH /api/space/{space}/device/{uuid}/terminate-connection/", () => {
  const terminate = (s: string, uuid: string, token: string) =>
    api(`/api/space/${s}/device/${uuid}/terminate-connection/`, { method: "PATCH", token, json: {} });

  it("ends a pending installation: non_connected, unused codes revoked, audited", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s, { connected_status: "installation_pending" });
    const pending = await code(device);
    const res = await terminate(s, device.uuid, token);
    expect(res.status).toBe(200);
    expect(DeviceDetail.parse(await res.json())).toMatchObject({
      connected_status: "non_connected",
      installation_code_expires_at: null,
    });
    const row = await db()
      .select()
      .from(installationCodeTable)
      .where(eq(installationCodeTable.uuid, pending.uuid))
      .get();
    expect(row?.revoked_at).not.toBeNull();
    expect((await auditOf(device.uuid)).map((e) => e.action)).toEqual(["device.terminate_connection"]);
  });

  it("refuses every other status", async () => {
    const { space, token } = await memberOf("content_manager");
    for (const status of STATUSES.filter((x) => x !== "installation_pending")) {
      const device = await makeDevice(space.space_uuid, { connected_status: status });
      const res = await terminate(space.space_uuid, device.uuid, token);
      expect(res.status).toBe(400);
      expect(ApiErrorBody.parse(await res.json())).toMatchObject({
        message: "Only a pending installation can be terminated.",
      });
      expect((await stored(device.uuid))?.connected_status).toBe(status);
    }
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DeviceBulkReply } from "../../contracts/bulk/schema.ts";
import { CommandList } from "../../contracts/commands/queue.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import { deviceTable, deviceTagTable } from "../../drizzle/schema/index.ts";
import { api, auditOf, db, makeDevice, makeLocation, makeTag, memberOf, tagDevice, uid } from "../factories.ts";
import { type Command, fakeAgent } from "../fake-agent.ts";
import { until } from "../ws.ts";

const settle = () => until(() => false, 250).catch(() => {});

async function setup(role: "content_manager" | "viewer" | "admin" = "content_manager") {
  const member = await memberOf(role);
  const space = member.space.space_uuid;
  const bulk = async (json: object, token = member.token) => {
    const res = await api(`/api/space/${space}/devices/bulk/`, { method: "POST", token, json });
    return { res, reply: res.status === 200 ? DeviceBulkReply.parse(await res.json()) : null };
  };
  return { member, space, bulk };
}

/** A connected Linux Computer with a fake agent online answering every command (`seen` records them). */
async function onlineDevice(space: string, answer?: (m: Command) => object) {
  const device = await makeDevice(space, { connected_status: "connected", device_type_uuid: DEVICE_TYPE_UUID.linux });
  const seen: string[] = [];
  const agent = await fakeAgent(device, (m) => {
    seen.push(m.action);
    return { answer: answer?.(m) };
  });
  agent.hello();
  return { device, agent, seen };
}

const byDevice = (reply: DeviceBulkReply | null) => new Map(reply?.results.map((r) => [r.device_uuid, r]));

describe("POST /space/{space}/devices/bulk/", () => {
  it("disables online devices (one audit entry each), reports offline ones and other spaces' per device", async () => {
    const { space, bulk } = await setup();
    const a = await onlineDevice(space);
    const b = await onlineDevice(space);
    const offline = await makeDevice(space, { connected_status: "connected", online: false });
    const stranger = await memberOf("admin");
    const foreign = await makeDevice(stranger.space.space_uuid, { connected_status: "connected" });
    await settle();
    const missing = uid();
    const { res, reply } = await bulk({
      action: "disable",
      device_uuids: [a.device.uuid, b.device.uuid, offline.uuid, foreign.uuid, missing],
    });
    expect(res.status).toBe(200);
    const results = byDevice(reply);
    expect(results.get(a.device.uuid)).toMatchObject({ outcome: "succeeded" });
    expect(results.get(b.device.uuid)).toMatchObject({ outcome: "succeeded" });
    expect(results.get(offline.uuid)).toMatchObject({ outcome: "offline", code: "device_offline" });
    // Another space's device reads like a missing one: nothing about it leaks.
    expect(results.get(foreign.uuid)).toEqual({
      device_uuid: foreign.uuid,
      outcome: "failed",
      code: "not_found",
      message: "Device not found.",
    });
    expect(results.get(missing)).toEqual({
      device_uuid: missing,
      outcome: "failed",
      code: "not_found",
      message: "Device not found.",
    });
    expect(reply?.counts).toEqual({ succeeded: 2, failed: 2, offline: 1, queued: 0 });
    expect(a.seen).toEqual(["set-enabled"]);
    for (const uuid of [a.device.uuid, b.device.uuid]) {
      expect(await auditOf(uuid, "device.enabled")).toHaveLength(1);
      const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();
      expect(row?.enabled).toBe(false);
    }
    expect(await auditOf(offline.uuid, "device.enabled")).toHaveLength(0);
    const foreignRow = await db().select().from(deviceTable).where(eq(deviceTable.uuid, foreign.uuid)).get();
    expect(foreignRow?.enabled).toBe(true);
    a.agent.ws?.close();
    b.agent.ws?.close();
  });

  it("reboots online devices once, queues offline ones when asked, and a retried request acts once", async () => {
    const { space, bulk, member } = await setup();
    const online = await onlineDevice(space, () => ({ ok: true, result: {} }));
    const offline = await makeDevice(space, { connected_status: "connected", online: false });
    const disabled = await makeDevice(space, { connected_status: "connected", enabled: false });
    await settle();
    const json = {
      action: "reboot",
      device_uuids: [online.device.uuid, offline.uuid, disabled.uuid],
      params: { queue_offline: true },
      request_id: `r-${uid()}`,
    };
    const first = await bulk(json);
    expect(first.res.status).toBe(200);
    const results = byDevice(first.reply);
    expect(results.get(online.device.uuid)).toMatchObject({ outcome: "succeeded" });
    expect(results.get(offline.uuid)?.outcome).toBe("queued");
    expect(results.get(disabled.uuid)).toMatchObject({ outcome: "failed", code: "device_disabled" });
    const again = await bulk(json);
    expect(byDevice(again.reply).get(online.device.uuid)).toMatchObject({ outcome: "succeeded" });
    expect(byDevice(again.reply).get(offline.uuid)?.outcome).toBe("queued");
    expect(online.seen).toEqual(["instant-reboot"]);
    // One queued command for the offline device, kept 24 h; one audit entry per device.
    const list = await api(`/api/space/${space}/device/${offline.uuid}/command/items/`, { token: member.token });
    const { commands } = CommandList.parse(await list.json());
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ action: "instant-reboot", state: "queued" });
    expect(Date.parse(commands[0].expires_at ?? "") - Date.parse(commands[0].created_at)).toBe(86_400_000);
    expect(await auditOf(offline.uuid, "device.command.instant-reboot")).toHaveLength(1);
    expect(await auditOf(online.device.uuid, "device.command.instant-reboot")).toHaveLength(1);
    online.agent.ws?.close();
  });

  it("a retried disable with the same request id asks the agent once and audits once", async () => {
    const { space, bulk } = await setup();
    const online = await onlineDevice(space);
    await settle();
    const json = { action: "disable", device_uuids: [online.device.uuid], request_id: `d-${uid()}` };
    for (let i = 0; i < 2; i++) {
      const { reply } = await bulk(json);
      expect(reply?.results[0]).toMatchObject({ outcome: "succeeded", device_name: online.device.name });
    }
    expect(online.seen).toEqual(["set-enabled"]);
    expect(await auditOf(online.device.uuid, "device.enabled")).toHaveLength(1);
    online.agent.ws?.close();
  });

  it("without queue_offline an offline device is reported offline; a Viewer is refused", async () => {
    const { space, bulk, member } = await setup();
    const offline = await makeDevice(space, { connected_status: "connected", online: false });
    const { reply } = await bulk({ action: "reboot", device_uuids: [offline.uuid] });
    expect(reply?.results).toEqual([
      expect.objectContaining({ device_uuid: offline.uuid, outcome: "offline", code: "device_offline" }),
    ]);
    const viewer = await memberOf("viewer", member.space);
    expect((await bulk({ action: "archive", device_uuids: [offline.uuid] }, viewer.token)).res.status).toBe(403);
    const outsider = await memberOf("admin");
    expect((await bulk({ action: "archive", device_uuids: [offline.uuid] }, outsider.token)).res.status).toBe(403);
  });

  it("adds and removes a tag, moves to a location and archives, with one audit entry per changed device", async () => {
    const { space, bulk } = await setup();
    const tag = await makeTag(space);
    const other = await makeTag(space);
    const location = await makeLocation(space);
    const devices = await Promise.all([1, 2, 3].map(() => makeDevice(space, { connected_status: "disconnected" })));
    await tagDevice(devices[0], tag, other);
    const uuids = devices.map((d) => d.uuid);

    const added = await bulk({ action: "add_tag", device_uuids: uuids, params: { tag_uuid: tag.uuid } });
    expect(added.reply?.counts.succeeded).toBe(3);
    expect(byDevice(added.reply).get(devices[0].uuid)?.message).toBe("Already tagged.");
    const links = await db().select().from(deviceTagTable).where(eq(deviceTagTable.tag_uuid, tag.uuid));
    expect(links.map((l) => l.device_uuid).sort()).toEqual([...uuids].sort());
    expect(await auditOf(devices[0].uuid, "device.update")).toHaveLength(0);
    expect(await auditOf(devices[1].uuid, "device.update")).toHaveLength(1);

    const removed = await bulk({
      action: "remove_tag",
      device_uuids: [devices[0].uuid],
      params: { tag_uuid: tag.uuid },
    });
    expect(removed.reply?.counts.succeeded).toBe(1);
    const left = await db().select().from(deviceTagTable).where(eq(deviceTagTable.device_uuid, devices[0].uuid));
    expect(left.map((l) => l.tag_uuid)).toEqual([other.uuid]);

    const moved = await bulk({
      action: "move_location",
      device_uuids: uuids,
      params: { location_uuid: location.uuid },
    });
    expect(moved.reply?.counts.succeeded).toBe(3);
    for (const uuid of uuids) {
      const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();
      expect(row?.location_uuid).toBe(location.uuid);
      expect(await auditOf(uuid, "device.move")).toHaveLength(1);
    }

    const archived = await bulk({ action: "archive", device_uuids: uuids });
    expect(archived.reply?.counts.succeeded).toBe(3);
    const again = await bulk({ action: "archive", device_uuids: uuids });
    expect(again.reply?.results.every((r) => r.outcome === "succeeded" && r.message === "Already archived.")).toBe(
      true,
    );
    for (const uuid of uuids) expect(await auditOf(uuid, "device.archive")).toHaveLength(1);
  });

  it("reports a partial failure per device (archive refused for a device never installed)", async () => {
    const { space, bulk } = await setup();
    const ok = await makeDevice(space, { connected_status: "disconnected" });
    const never = await makeDevice(space, { connected_status: "non_connected" });
    const { reply } = await bulk({ action: "archive", device_uuids: [ok.uuid, never.uuid] });
    expect(byDevice(reply).get(ok.uuid)).toMatchObject({ outcome: "succeeded" });
    expect(byDevice(reply).get(never.uuid)).toMatchObject({
      outcome: "failed",
      code: "bad_request",
      message: "Only a connected, disconnected or pending device can be archived.",
    });
  });

  it("acts on every device matching the list's filter (select all matching), only in the caller's space", async () => {
    const { space, bulk } = await setup();
    const location = await makeLocation(space);
    const target = await makeLocation(space);
    const inside = await Promise.all([1, 2].map(() => makeDevice(space, { location_uuid: location.uuid })));
    const outside = await makeDevice(space);
    const { reply } = await bulk({
      action: "move_location",
      filter: { location_uuid: location.uuid },
      params: { location_uuid: target.uuid },
    });
    expect(reply?.results.map((r) => r.device_uuid).sort()).toEqual(inside.map((d) => d.uuid).sort());
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, outside.uuid)).get();
    expect(row?.location_uuid).toBeNull();
  });

  it("validates the body: action, uuids, ids or filter, required params, the space's tag and location", async () => {
    const { space, bulk } = await setup();
    const device = await makeDevice(space);
    const stranger = await memberOf("admin");
    const foreignTag = await makeTag(stranger.space.space_uuid);
    const foreignLocation = await makeLocation(stranger.space.space_uuid);
    const cases: [object, string][] = [
      [{ action: "explode", device_uuids: [device.uuid] }, "action"],
      [{ action: "archive" }, "device_uuids"],
      [{ action: "archive", device_uuids: [] }, "device_uuids"],
      [{ action: "archive", device_uuids: ["nope"] }, "device_uuids.0"],
      [{ action: "archive", device_uuids: Array.from({ length: 1001 }, uid) }, "device_uuids"],
      [{ action: "add_tag", device_uuids: [device.uuid] }, "params.tag_uuid"],
      [{ action: "move_location", device_uuids: [device.uuid] }, "params.location_uuid"],
      [{ action: "add_tag", device_uuids: [device.uuid], params: { tag_uuid: foreignTag.uuid } }, "params.tag_uuid"],
      [
        { action: "move_location", device_uuids: [device.uuid], params: { location_uuid: foreignLocation.uuid } },
        "params.location_uuid",
      ],
    ];
    for (const [json, field] of cases) {
      const { res } = await bulk(json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      const body = (await res.json()) as { errors?: Record<string, unknown> };
      expect(Object.keys(body.errors ?? {}), field).toContain(field);
    }
  });
});

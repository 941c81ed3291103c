import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DetectedDeviceList,
  type DetectionFinding,
  DetectionScan,
  DetectionState,
  NO_AVAILABLE_DEVICES,
} from "../../contracts/detection/schema.ts";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import type { ServerMessage } from "../../contracts/realtime/events.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import { detectedDeviceTable, deviceTable } from "../../drizzle/schema/index.ts";
import { mergeFindings } from "../../worker/services/detection/findings.ts";
import { api, auditOf, db, makeDevice, makeLocation, makeTag, memberOf } from "../factories.ts";
import { type Command, fakeAgent } from "../fake-agent.ts";
import { join, until } from "../ws.ts";

type Member = Awaited<ReturnType<typeof memberOf>>;
/** The frames of a scan: devicesDetected / noDevicesDetected, with the scan as data. */
type DetectionUpdate = Extract<
  ServerMessage,
  { type: "locationDetailsUpdate"; event: "devicesDetected" | "noDevicesDetected" }
>;

const FINDINGS: Partial<DetectionFinding>[] = [
  { name: "hikvision-0a11", ip_address: "10.40.0.11", mac_address: "44:19:B6:00:0A:11", device_type: "camera" },
  {
    name: "raspberry-pi-3c02",
    ip_address: "10.40.0.12",
    mac_address: "dc:a6:32:11:3c:02",
    device_type: "raspberry_pi",
  },
  { name: "android-tv-2b91", ip_address: "10.40.0.13", mac_address: "58:b6:23:41:2b:91", device_type: "android_tv" },
  { name: "already-ours", ip_address: "10.40.0.14", mac_address: "aa:bb:cc:00:00:14", device_type: "linux" },
];

const paths = (space: string, loc: string) => ({
  scan: `/api/space/${space}/location/${loc}/devices-detection/`,
  items: `/api/space/${space}/location/${loc}/devices-detection/items/`,
  install: `/api/space/${space}/location/${loc}/detected-device-installation/`,
});

/** A runner at a new location with a fake agent online, answering detect-devices with `answer`. */
async function runnerAt(member: Member, answer: (m: Command) => object | null, at?: { uuid: string; name: string }) {
  const space = member.space.space_uuid;
  const location = at ?? (await makeLocation(space));
  const device = await makeDevice(space, {
    connected_status: "connected",
    location_uuid: location.uuid,
    device_type_uuid: DEVICE_TYPE_UUID.linux,
  });
  const agent = await fakeAgent(device, (m) => ({ answer: answer(m) }));
  const seen = agent.seen;
  // The room writes presence to D1; the scan picks runners from there.
  for (let i = 0; i < 100; i++) {
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    if (row?.online) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { location, device, agent, seen, ...paths(space, location.uuid) };
}

async function watchLocation(member: Member, locationUuid: string) {
  const room = await join(`/parties/location/${locationUuid}`, member.token);
  await until(() => room.messages.some((m) => m.type === "welcome"));
  const event = (name: string) =>
    room.messages.find((m): m is DetectionUpdate => m.type === "locationDetailsUpdate" && m.event === name);
  return { room, event };
}

/** A runner at a new location whose scan found `findings`: the scan is run and its machines listed. */
async function scannedRunner(member: Member, findings: Partial<DetectionFinding>[]) {
  const runner = await runnerAt(member, () => ({ ok: true, result: { devices: findings } }));
  const { event } = await watchLocation(member, runner.location.uuid);
  expect((await api(runner.scan, { method: "POST", token: member.token })).status).toBe(202);
  await until(() => event("devicesDetected") !== undefined, 5000);
  const list = DetectedDeviceList.parse(await (await api(runner.items, { token: member.token })).json());
  return { ...runner, detected: list.detected_devices };
}

describe("Detect Devices", () => {
  it("no runner online: 503 with the text, a no_service scan and noDevicesDetected on the location room", async () => {
    const member = await memberOf("content_manager");
    const location = await makeLocation(member.space.space_uuid);
    // Offline runners and cameras at the location do not count.
    await makeDevice(member.space.space_uuid, { location_uuid: location.uuid, connected_status: "connected" });
    await makeDevice(member.space.space_uuid, {
      location_uuid: location.uuid,
      connected_status: "connected",
      online: true,
      device_type_uuid: DEVICE_TYPE_UUID.camera,
    });
    const p = paths(member.space.space_uuid, location.uuid);
    const empty = await api(p.scan, { token: member.token });
    expect(DetectionState.strict().parse(await empty.json())).toEqual({ scan: null });
    const items = await api(p.items, { token: member.token });
    expect(DetectedDeviceList.strict().parse(await items.json())).toEqual({
      detected_devices: [],
      links: { next: null, previous: null },
      objects_count: 0,
      pages_count: 0,
    });

    const { room, event } = await watchLocation(member, location.uuid);
    const res = await api(p.scan, { method: "POST", token: member.token });
    expect(res.status).toBe(503);
    expect(ApiErrorBody.parse(await res.json())).toMatchObject({ code: "unavailable", message: NO_AVAILABLE_DEVICES });
    await until(() => event("noDevicesDetected") !== undefined);
    const pushed = event("noDevicesDetected");
    expect(pushed).toMatchObject({
      space_uuid: member.space.space_uuid,
      location_uuid: location.uuid,
      location_name: location.name,
      data: { status: "no_service", total_detections: 0, location_uuid: location.uuid },
    });
    const state = DetectionState.parse(await (await api(p.scan, { token: member.token })).json());
    expect(state.scan).toMatchObject({ status: "no_service", uuid: DetectionScan.parse(pushed?.data).uuid });
    expect(state.scan?.completed_at).toBeTruthy();
    room.ws?.close();
  });

  it("scans through the runner, lists the findings and installs one of them once", async () => {
    const member = await memberOf("content_manager");
    const space = member.space.space_uuid;
    const known = await makeDevice(space, { mac_addresses: ["AA:BB:CC:00:00:14"] });
    const { location, device, agent, seen, scan, items, install } = await runnerAt(member, () => ({
      ok: true,
      // The same machine twice (upper and lower case MAC) and one without any address are merged / dropped.
      result: { devices: [...FINDINGS, { ...FINDINGS[0], mac_address: "44:19:b6:00:0a:11" }, { name: "ghost" }] },
    }));
    const { room, event } = await watchLocation(member, location.uuid);

    const res = await api(scan, { method: "POST", token: member.token });
    expect(res.status).toBe(202);
    const pending = DetectionScan.parse(await res.json());
    expect(pending).toMatchObject({ status: "pending", location_uuid: location.uuid, total_detections: 0 });
    expect(pending.completed_at).toBeNull();

    await until(() => event("devicesDetected") !== undefined, 5000);
    expect(seen.map((m) => m.action)).toEqual(["detect-devices"]);
    expect(event("devicesDetected")).toMatchObject({
      space_uuid: space,
      location_uuid: location.uuid,
      location_name: location.name,
      // devices.md §7 "Cameras detected": the push says how many cameras the scan found.
      data: { uuid: pending.uuid, status: "completed", total_detections: 4, cameras_detected: 1 },
    });
    const state = DetectionState.parse(await (await api(scan, { token: member.token })).json());
    expect(state.scan).toMatchObject({ uuid: pending.uuid, status: "completed", total_detections: 4 });
    expect(state.scan?.completed_at).toBeTruthy();

    // Installable first, then by name; pages of 2.
    const first = await api(`${items}?page_size=2`, { token: member.token });
    expect(first.status).toBe(200);
    const page1 = DetectedDeviceList.parse(await first.json());
    expect(page1.objects_count).toBe(4);
    expect(page1.pages_count).toBe(2);
    expect(page1.links.previous).toBeNull();
    expect(new URL(page1.links.next ?? "").searchParams.get("page")).toBe("2");
    const page2 = DetectedDeviceList.parse(
      await (await api(`${items}?page_size=2&page=2`, { token: member.token })).json(),
    );
    const all = [...page1.detected_devices, ...page2.detected_devices];
    const named = (name: string) => all.find((x) => x.name === name) ?? expect.unreachable(`no ${name} listed`);
    expect(all.map((x) => x.name)).toEqual(["android-tv-2b91", "hikvision-0a11", "raspberry-pi-3c02", "already-ours"]);
    const camera = named("hikvision-0a11");
    expect(camera).toMatchObject({
      ip_address: "10.40.0.11",
      mac_address: "44:19:b6:00:0a:11",
      device_type_uuid: DEVICE_TYPE_UUID.camera,
      device_type_name: "camera",
      connected_status: "non_connected",
      device_uuid: null,
    });
    expect(all.find((x) => x.name === "already-ours")).toMatchObject({
      connected_status: "connected",
      device_uuid: known.uuid,
      device_type_name: "Linux Computer",
    });
    expect((await api(`${items}?page_size=0`, { token: member.token })).status).toBe(400);

    // Install the Raspberry Pi.
    const pi = named("raspberry-pi-3c02");
    const tag = await makeTag(space);
    const body = { uuid: pi.uuid, name: "Signage Pi", description: "Hall screen", tag_uuids: [tag.uuid] };
    const created = await api(install, { method: "POST", token: member.token, json: body });
    expect(created.status).toBe(201);
    const detail = DeviceDetail.parse(await created.json());
    expect(detail).toMatchObject({
      name: "Signage Pi",
      description: "Hall screen",
      device_type_uuid: DEVICE_TYPE_UUID.raspberry_pi,
      location_uuid: location.uuid,
      tag_uuids: [tag.uuid],
      connected_status: "non_connected",
    });
    const stored = await db().select().from(deviceTable).where(eq(deviceTable.uuid, detail.uuid)).get();
    expect(stored).toMatchObject({ mac_addresses: ["dc:a6:32:11:3c:02"], local_ip_addresses: ["10.40.0.12"] });
    const audit = await auditOf(detail.uuid);
    expect(audit.map((a) => a.action)).toEqual(["device.create"]);
    const row = await db().select().from(detectedDeviceTable).where(eq(detectedDeviceTable.uuid, pi.uuid)).get();
    expect(row).toMatchObject({ connected_status: "connected", device_uuid: detail.uuid });

    const again = await api(install, { method: "POST", token: member.token, json: body });
    expect(again.status).toBe(400);
    expect(ApiErrorBody.parse(await again.json())).toMatchObject({ message: "This device is already installed." });

    // A second scan keeps the installed machine connected (its MAC is now a device's).
    const rescan = await api(scan, { method: "POST", token: member.token });
    expect(rescan.status).toBe(202);
    const second = DetectionScan.parse(await rescan.json());
    await until(
      () =>
        room.messages.some(
          (m) =>
            m.type === "locationDetailsUpdate" &&
            (m.event === "devicesDetected" || m.event === "noDevicesDetected") &&
            m.data.uuid === second.uuid,
        ),
      5000,
    );
    const after = DetectedDeviceList.parse(await (await api(items, { token: member.token })).json());
    expect(after.objects_count).toBe(4);
    expect(after.detected_devices.find((x) => x.name === "raspberry-pi-3c02")).toMatchObject({
      connected_status: "connected",
      device_uuid: detail.uuid,
    });
    expect(after.detected_devices.every((x) => x.uuid !== pi.uuid)).toBe(true);
    expect(device.uuid).toBeTruthy();
    agent.ws?.close();
    room.ws?.close();
  });

  it("two installs of one detected machine at once make one device", async () => {
    const member = await memberOf("admin");
    const { agent, install, location, detected } = await scannedRunner(member, FINDINGS.slice(1, 2));
    const [pi] = detected;
    const post = () => api(install, { method: "POST", token: member.token, json: { uuid: pi.uuid, name: "Pi" } });
    const statuses = (await Promise.all([post(), post()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 400]);
    const devices = await db().select().from(deviceTable).where(eq(deviceTable.location_uuid, location.uuid)).all();
    expect(devices.filter((x) => x.name === "Pi")).toHaveLength(1);
    agent.ws?.close();
  });

  it("merges the findings of several runners by MAC (else IP); a failing runner is left out", async () => {
    const member = await memberOf("content_manager");
    const a = await runnerAt(member, () => ({ ok: true, result: { devices: FINDINGS.slice(0, 2) } }));
    const b = await runnerAt(
      member,
      () => ({
        ok: true,
        result: {
          devices: [
            { ...FINDINGS[1], name: "" },
            { name: "printer", ip_address: "10.40.0.90" },
          ],
        },
      }),
      a.location,
    );
    const c = await runnerAt(member, () => ({ ok: false, error: "no arp" }), a.location);
    const { event } = await watchLocation(member, a.location.uuid);
    expect((await api(a.scan, { method: "POST", token: member.token })).status).toBe(202);
    await until(() => event("devicesDetected") !== undefined, 5000);
    expect([a, b, c].map((r) => r.seen.length)).toEqual([1, 1, 1]);
    expect(event("devicesDetected")?.data).toMatchObject({ total_detections: 3 });
    const list = DetectedDeviceList.parse(await (await api(a.items, { token: member.token })).json());
    expect(list.detected_devices.map((x) => [x.name, x.mac_address, x.ip_address])).toEqual([
      ["hikvision-0a11", "44:19:b6:00:0a:11", "10.40.0.11"],
      ["printer", "", "10.40.0.90"],
      ["raspberry-pi-3c02", "dc:a6:32:11:3c:02", "10.40.0.12"],
    ]);
    for (const r of [a, b, c]) r.agent.ws?.close();
  });

  it("mergeFindings keeps one machine per MAC, else per IP, filling gaps", () => {
    const f = (x: Partial<DetectionFinding>): DetectionFinding => ({
      name: "",
      ip_address: "",
      mac_address: "",
      device_type: "unknown",
      ...x,
    });
    expect(
      mergeFindings([
        [f({ mac_address: "AA-BB-CC-00-00-01" }), f({ ip_address: "10.0.0.9", name: "x" })],
        [f({ mac_address: "aa:bb:cc:00:00:01", name: "pi", ip_address: "10.0.0.1", device_type: "raspberry_pi" })],
        [f({ ip_address: "10.0.0.9", device_type: "linux" }), f({ name: "nothing" })],
      ]),
    ).toEqual([
      f({ mac_address: "aa:bb:cc:00:00:01", name: "pi", ip_address: "10.0.0.1", device_type: "raspberry_pi" }),
      f({ ip_address: "10.0.0.9", name: "x", device_type: "linux" }),
    ]);
  });

  it("every runner failing ends the scan as no_service with noDevicesDetected", async () => {
    const member = await memberOf("content_manager");
    const { agent, scan, location } = await runnerAt(member, () => ({ ok: false, error: "arp failed" }));
    const { event } = await watchLocation(member, location.uuid);
    const res = await api(scan, { method: "POST", token: member.token });
    expect(res.status).toBe(202);
    const pending = DetectionScan.parse(await res.json());
    await until(() => event("noDevicesDetected") !== undefined, 5000);
    expect(event("noDevicesDetected")?.data).toMatchObject({ uuid: pending.uuid, status: "no_service" });
    const state = DetectionState.parse(await (await api(scan, { token: member.token })).json());
    expect(state.scan).toMatchObject({ uuid: pending.uuid, status: "no_service" });
    agent.ws?.close();
  });

  it("checks roles, locations, detected rows and input", async () => {
    const member = await memberOf("content_manager");
    const space = member.space.space_uuid;
    const { agent, scan, items, install, detected } = await scannedRunner(member, FINDINGS.slice(0, 1));
    const [camera] = detected;

    // Viewers read but do not write.
    const viewer = await memberOf("viewer", member.space);
    expect((await api(scan, { token: viewer.token })).status).toBe(200);
    expect((await api(items, { token: viewer.token })).status).toBe(200);
    expect((await api(scan, { method: "POST", token: viewer.token })).status).toBe(403);
    const json = { uuid: camera.uuid, name: "Hall camera" };
    expect((await api(install, { method: "POST", token: viewer.token, json })).status).toBe(403);

    // Another space's location, and a detected row of another location, are not found.
    const other = await memberOf("admin");
    const foreign = await makeLocation(other.space.space_uuid);
    const there = paths(space, foreign.uuid);
    const missing = await api(there.scan, { method: "POST", token: member.token });
    expect(missing.status).toBe(404);
    expect(ApiErrorBody.parse(await missing.json())).toMatchObject({ message: "Location not found." });
    expect((await api(there.items, { token: member.token })).status).toBe(404);
    expect((await api(there.install, { method: "POST", token: member.token, json })).status).toBe(404);
    const elsewhere = paths(space, (await makeLocation(space)).uuid);
    const wrongPlace = await api(elsewhere.install, { method: "POST", token: member.token, json });
    expect(wrongPlace.status).toBe(404);
    expect(ApiErrorBody.parse(await wrongPlace.json())).toMatchObject({ message: "Detected device not found." });
    const unknown = await api(install, {
      method: "POST",
      token: member.token,
      json: { ...json, uuid: crypto.randomUUID() },
    });
    expect(unknown.status).toBe(404);

    // Validation.
    const noName = await api(install, { method: "POST", token: member.token, json: { uuid: camera.uuid } });
    expect(noName.status).toBe(400);
    expect(ApiErrorBody.parse(await noName.json())).toMatchObject({
      code: "validation_error",
      errors: { name: ["Required"] },
    });
    const badUuid = await api(install, { method: "POST", token: member.token, json: { uuid: "x", name: "A" } });
    expect(ApiErrorBody.parse(await badUuid.json())).toMatchObject({ errors: { uuid: ["Must be a valid UUID."] } });
    const badTag = await api(install, {
      method: "POST",
      token: member.token,
      json: { ...json, tag_uuids: [crypto.randomUUID()] },
    });
    expect(badTag.status).toBe(400);
    expect(ApiErrorBody.parse(await badTag.json())).toMatchObject({
      errors: { tag_uuids: [expect.stringContaining("Tags not found")] },
    });
    // Nothing was claimed by the failed attempts: the camera can still be installed.
    const ok = await api(install, { method: "POST", token: member.token, json });
    expect(ok.status).toBe(201);
    expect(DeviceDetail.parse(await ok.json())).toMatchObject({
      device_type_uuid: DEVICE_TYPE_UUID.camera,
      name: "Hall camera",
    });
    agent.ws?.close();
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CameraConnectionTestResult,
  CameraSnapshotResult,
  NO_APP_RUNNERS_MESSAGE,
} from "../../contracts/cameras/schema.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import { cameraTable, deviceTable } from "../../drizzle/schema/index.ts";
import { api, db, makeCamera, makeDevice, makeLocation, memberOf } from "../factories.ts";
import { type Command, fakeAgent } from "../fake-agent.ts";

/** 1×1 JPEG. */
const JPEG =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z";

const probe = { reachable: true, status: 200, latency_ms: 5, message: "ok" };

/** A location with a camera and (unless told) a runner online there, its agent answering with `answer`. */
async function cameraAt(answer: (m: Command) => object = () => ({ ok: true, result: {} }), withRunner = true) {
  const member = await memberOf("content_manager");
  const s = member.space.space_uuid;
  const location = await makeLocation(s);
  const camera = await makeCamera(location);
  const base = `/api/space/${s}/location/${location.uuid}/camera/${camera.uuid}`;
  if (!withRunner) return { member, camera, base, seen: [] as Command[], close: () => {} };
  const runner = await makeDevice(s, {
    connected_status: "connected",
    location_uuid: location.uuid,
    device_type_uuid: DEVICE_TYPE_UUID.linux,
  });
  const seen: Command[] = [];
  const agent = await fakeAgent(runner, (m) => {
    seen.push(m);
    return { answer: answer(m) };
  });
  const online = async () =>
    (await db().select().from(deviceTable).where(eq(deviceTable.uuid, runner.uuid)).get())?.online === true;
  for (let i = 0; i < 40 && !(await online()); i++) await new Promise((r) => setTimeout(r, 50));
  return { member, camera, base, seen, runner, close: () => agent.ws?.close() };
}

describe("camera calls (devices.md §7)", () => {
  it("connection-test runs through a runner of the camera's location with the given fields", async () => {
    const { member, base, seen, runner, close } = await cameraAt(() => ({
      ok: true,
      result: { http: probe, rtsp: { ...probe, status: 401, message: "RTSP 401" } },
    }));
    // A runner the catalogue still thinks online (heard last) but whose agent is gone: the next one runs it.
    await makeDevice(member.space.space_uuid, {
      connected_status: "connected",
      online: true,
      location_uuid: runner?.location_uuid,
      device_type_uuid: DEVICE_TYPE_UUID.linux,
      last_seen: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const res = await api(`${base}/connection-test/`, {
      method: "POST",
      token: member.token,
      json: { http_port: 8080, main_rtsp_port: 8554, main_rtsp_url: "/live", username: "viewer", password: "" },
    });
    expect(res.status).toBe(200);
    const body = CameraConnectionTestResult.parse(await res.json());
    expect(body).toMatchObject({ ok: true, runner_uuid: runner?.uuid, http: { status: 200 }, rtsp: { status: 401 } });
    expect(seen.map((m) => m.action)).toEqual(["camera-connection-test"]);
    // The given fields over the stored ones; an empty password means the stored one.
    expect(seen[0]?.params).toEqual({
      ip_address: "10.0.0.9",
      http_port: 8080,
      main_rtsp_port: 8554,
      main_rtsp_url: "/live",
      main_stream: "stream1",
      username: "viewer",
      password: "secret-password",
    });
    const invalid = await api(`${base}/connection-test/`, {
      method: "POST",
      token: member.token,
      json: { main_rtsp_port: 70000 },
    });
    expect(invalid.status).toBe(400);
    close();
  });

  it("without a runner online at the location: 503 'Device has no app runners available'", async () => {
    const { member, base } = await cameraAt(undefined, false);
    const res = await api(`${base}/connection-test/`, {
      method: "POST",
      token: member.token,
      json: { http_port: 80, main_rtsp_port: 554, main_rtsp_url: "", username: "admin", password: "x" },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ message: NO_APP_RUNNERS_MESSAGE });
    expect((await api(`${base}/snapshot/`, { method: "POST", token: member.token })).status).toBe(503);
  });

  it("PATCH saves the connection fields, keeps the password unless one is given, never returns it", async () => {
    const { member, camera, base } = await cameraAt(undefined, false);
    const patch = (json: object, token = member.token) => api(`${base}/`, { method: "PATCH", token, json });
    const res = await patch({ ip_address: "10.0.0.77", http_port: "8080", sub_rtsp_port: null, password: "" });
    expect(res.status).toBe(200);
    const saved = await res.json();
    expect(saved).toMatchObject({ uuid: camera.uuid, ip_address: "10.0.0.77", http_port: 8080, sub_rtsp_port: null });
    expect(saved).not.toHaveProperty("password");
    const row = () => db().select().from(cameraTable).where(eq(cameraTable.uuid, camera.uuid)).get();
    expect((await row())?.password).toBe("secret-password");
    expect((await patch({ password: "n3w" })).status).toBe(200);
    expect((await row())?.password).toBe("n3w");
    const blank = await patch({ ip_address: "  " });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ errors: { ip_address: ["Required."] } });
    const viewer = await memberOf("viewer", member.space);
    expect((await patch({ ip_address: "10.0.0.1" }, viewer.token)).status).toBe(403);
    const elsewhere = base.replace(camera.location_uuid, (await makeLocation(member.space.space_uuid)).uuid);
    expect((await api(`${elsewhere}/`, { method: "PATCH", token: member.token, json: {} })).status).toBe(404);
  });

  it("Refresh Snapshot: the runner fetches a JPEG, it goes to storage and is served to members", async () => {
    const { member, base, seen, close } = await cameraAt(() => ({ ok: true, result: { image_base64: JPEG } }));
    const res = await api(`${base}/snapshot/`, { method: "POST", token: member.token });
    expect(res.status).toBe(200);
    const { snapshot_url } = CameraSnapshotResult.parse(await res.json());
    expect(seen.map((m) => m.action)).toEqual(["camera-snapshot"]);
    for (const url of [snapshot_url, `${base}/snapshot/latest.jpg`]) {
      const image = await api(url, { token: member.token });
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/jpeg");
      expect(new Uint8Array(await image.arrayBuffer())[0]).toBe(0xff);
    }
    const stranger = await memberOf("admin");
    expect((await api(snapshot_url, { token: stranger.token })).status).toBe(403);
    close();
  });
});

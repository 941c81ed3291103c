import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { getCameraSnapshot as snapshotRoute } from "../../../contracts/cameras/routes.ts";
import {
  type CameraConnectionTestInput,
  type CameraProbeParams,
  type CameraUpdateInput,
  NO_APP_RUNNERS_MESSAGE,
} from "../../../contracts/cameras/schema.ts";
import type { CommandParams } from "../../../contracts/commands/schema.ts";
import { apiPath } from "../../../contracts/http/path.ts";
import { cameraTable as cam, deviceTable as d } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { sendCommand } from "../commands/remote-actions.ts";
import { runnersAt } from "../detection/detection.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { auditChange, inSpace, requireInSpace } from "../kernel/scope.ts";
import { announceDevice } from "./events.ts";

/*
 * IP camera calls (devices.md §7 Camera; contracts/cameras/schema.ts). A camera has no agent: the
 * connection test and the snapshot run on a runner device of the camera's location (online,
 * connected, enabled, not a camera; the most recently heard first).
 */

type CameraRef = { loc: string; camera: string };
type CameraRow = typeof cam.$inferSelect;

const cameraNotFound = () => new ApiError("not_found", "Camera not found.");

/** The camera of this space at this location, or 404. */
const requireCamera = (ctx: SpaceCtx, ref: CameraRef) =>
  requireInSpace(ctx, cam, and(eq(cam.uuid, ref.camera), eq(cam.location_uuid, ref.loc)), cameraNotFound);

/** How many of the location's runners a camera call tries, one after another, while they turn out offline. */
const RUNNER_TRIES = 3;

/**
 * Runs a camera action on a runner of the camera's location: the next one when a runner turns
 * out offline (its agent gone before the catalogue knew); 503 "Device has no app runners
 * available" when none is left.
 */
async function onRunner<A extends "camera-connection-test" | "camera-snapshot">(
  ctx: SpaceCtx,
  locationUuid: string,
  action: A,
  params: CameraProbeParams,
) {
  // A disabled runner refuses every action (Device is disabled): only enabled ones are asked.
  const runners = (await runnersAt(ctx, locationUuid)).filter((r) => r.enabled).slice(0, RUNNER_TRIES);
  for (const runner of runners) {
    try {
      return { runner, ...(await sendCommand(ctx, runner, action, params as CommandParams<A>)) };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "device_offline")) throw error;
    }
  }
  throw new ApiError("unavailable", NO_APP_RUNNERS_MESSAGE);
}

/** What the runner connects to: the given fields over the stored ones (an empty password: the stored one). */
function probeParams(
  camera: CameraRow,
  input: Partial<z.output<typeof CameraConnectionTestInput>> = {},
): CameraProbeParams {
  return {
    ip_address: input.ip_address || camera.ip_address,
    http_port: input.http_port ?? camera.http_port,
    main_rtsp_port: input.main_rtsp_port ?? camera.main_rtsp_port,
    main_rtsp_url: input.main_rtsp_url ?? camera.main_rtsp_url,
    main_stream: input.main_stream ?? camera.main_stream,
    username: input.username ?? camera.username,
    password: input.password || camera.password,
  };
}

/** POST …/camera/{camera}/connection-test/: HTTP and RTSP reachability, checked by a runner of the location. */
export async function testCameraConnection({
  ctx,
  input,
}: ServiceArgs<CameraRef & { body: z.output<typeof CameraConnectionTestInput> }>) {
  const camera = await requireCamera(ctx, input);
  const params = probeParams(camera, input.body);
  const { runner, result } = await onRunner(ctx, camera.location_uuid, "camera-connection-test", params);
  return {
    ...result,
    ok: result.http.reachable && result.rtsp.reachable,
    runner_uuid: runner.uuid,
    tested_at: new Date().toISOString(),
  };
}

const settingsOf = ({ password: _, ...row }: CameraRow) => ({
  uuid: row.uuid,
  ip_address: row.ip_address,
  http_port: row.http_port,
  main_rtsp_port: row.main_rtsp_port,
  sub_rtsp_port: row.sub_rtsp_port,
  main_rtsp_url: row.main_rtsp_url,
  main_stream: row.main_stream,
  sub_stream: row.sub_stream,
  username: row.username,
});

/** PATCH …/camera/{camera}/: saves the connection fields; the audit never holds the password. */
export async function updateCamera({
  ctx,
  input,
  defer,
}: WriteArgs<CameraRef & { body: z.output<typeof CameraUpdateInput> }>) {
  const camera = await requireCamera(ctx, input);
  const { password, ...fields } = input.body;
  const change = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const set = { ...change, ...(password ? { password } : {}) };
  if (Object.keys(set).length === 0) return settingsOf(camera);
  await ctx.db.batch([
    ctx.db
      .update(cam)
      .set(set)
      .where(inSpace(ctx, cam, eq(cam.uuid, camera.uuid))),
    auditChange(ctx, {
      action: "camera.update",
      entityType: "camera",
      entityUuid: camera.uuid,
      before: settingsOf(camera),
      after: { ...change, ...(password ? { password: "(changed)" } : {}) },
    }),
  ]);
  const saved = await requireCamera(ctx, input);
  if (saved.device_uuid) {
    const device = await ctx.db
      .select({ uuid: d.uuid, name: d.name })
      .from(d)
      .where(inSpace(ctx, d, eq(d.uuid, saved.device_uuid)))
      .get();
    if (device) announceDevice(ctx, defer, "deviceUpdated", device);
  }
  return settingsOf(saved);
}

/** Where a camera snapshot is kept in R2; `latest` is the newest. */
export const cameraSnapshotKey = (space: string, camera: string, id: string) =>
  `camera-snapshots/${space}/${camera}/${id}.jpg`;

const snapshotUrl = (space: string, ref: CameraRef, file: string) =>
  apiPath(snapshotRoute, { space, loc: ref.loc, camera: ref.camera, shot: file });

/** POST …/camera/{camera}/snapshot/: a runner fetches a JPEG; it goes to R2 (as itself and as latest). */
export async function takeCameraSnapshot({ ctx, input }: ServiceArgs<CameraRef>) {
  const camera = await requireCamera(ctx, input);
  const { id, result } = await onRunner(ctx, camera.location_uuid, "camera-snapshot", probeParams(camera));
  const bytes = Uint8Array.from(atob(result.image_base64), (c) => c.charCodeAt(0));
  const space = ctx.space.space_uuid;
  const taken_at = new Date().toISOString();
  const meta = { httpMetadata: { contentType: "image/jpeg" }, customMetadata: { taken_at } };
  await Promise.all([
    ctx.env.FILES.put(cameraSnapshotKey(space, camera.uuid, id), bytes, meta),
    ctx.env.FILES.put(cameraSnapshotKey(space, camera.uuid, "latest"), bytes, meta),
  ]);
  return { snapshot_url: snapshotUrl(space, input, `${id}.jpg`), taken_at };
}

/** GET …/camera/{camera}/snapshot/{shot}.jpg (members of the space only). */
export async function getCameraSnapshot({ ctx, input }: ServiceArgs<CameraRef & { shot: string }>) {
  const camera = await requireCamera(ctx, input);
  const object = await ctx.env.FILES.get(cameraSnapshotKey(ctx.space.space_uuid, camera.uuid, input.shot));
  if (!object) throw new ApiError("not_found", "No snapshot yet.");
  return object;
}

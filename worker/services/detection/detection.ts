import { asc, desc, eq, gt, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  DETECTION_MAX_RUNNERS,
  type DetectionFinding,
  DetectionResult,
  type DetectionScan,
  type DetectionState,
  NO_AVAILABLE_DEVICES,
} from "../../../contracts/detection/schema.ts";
import { DEVICE_TYPE_UUID } from "../../../contracts/reference.ts";
import {
  deviceTable as d,
  detectedDeviceTable as dd,
  detectionScanTable as scans,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { sendCommand } from "../commands/remote-actions.ts";
import type { DeviceRow } from "../devices/detail.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { publishToLocation, publishToSpace } from "../kernel/realtime.ts";
import { chunksFor, inSpace } from "../kernel/scope.ts";
import { requireLocationRow } from "../locations/queries.ts";
import { knownMachines, mergeFindings } from "./findings.ts";

/**
 * How long the scan waits for its runners. Below the broker's 30 s and the 30 s a Worker may
 * keep running after its reply (waitUntil), so the scan always ends with an event.
 */
export const DETECTION_RUNNER_TIMEOUT_MS = 20_000;

type ScanRow = typeof scans.$inferSelect;
type Location = { uuid: string; name: string };

const toScan = (row: ScanRow): DetectionScan => ({
  uuid: row.uuid,
  location_uuid: row.location_uuid,
  status: row.status,
  total_detections: row.total_detections,
  created_at: row.created_at,
  completed_at: row.completed_at,
});

/** Online runner devices (not cameras) at the location, the most recently heard first (also the camera calls'). */
export const runnersAt = (ctx: SpaceCtx, locationUuid: string) =>
  ctx.db
    .select()
    .from(d)
    .where(
      inSpace(
        ctx,
        d,
        eq(d.location_uuid, locationUuid),
        eq(d.connected_status, "connected"),
        eq(d.online, true),
        ne(d.device_type_uuid, DEVICE_TYPE_UUID.camera),
      ),
    )
    .orderBy(desc(d.last_seen), asc(d.uuid))
    .limit(DETECTION_MAX_RUNNERS);

async function announce(
  ctx: Pick<SpaceCtx, "env" | "space">,
  location: Location,
  event: "devicesDetected" | "noDevicesDetected",
  scan: DetectionScan,
  extra: { cameras_detected?: number } = {},
) {
  const frame = {
    type: "locationDetailsUpdate" as const,
    event,
    space_uuid: ctx.space.space_uuid,
    location_uuid: location.uuid,
    location_name: location.name,
    data: { ...scan, ...extra },
  };
  // The space's room too: the NOC wall's ticker shows detections.
  await Promise.all([
    publishToLocation(ctx.env, location.uuid, frame),
    publishToSpace(ctx.env, frame.space_uuid, frame),
  ]).catch((error: unknown) => console.error(`${event} publish failed`, error));
}

/**
 * POST /space/{space}/location/{loc}/devices-detection/: asks up to DETECTION_MAX_RUNNERS online
 * runners at the location to scan their network. 202 with the pending scan; the outcome comes
 * on the location's room (devicesDetected / noDevicesDetected). With no runner online: a
 * no_service scan, noDevicesDetected, and 503 "This location has no available devices".
 */
export async function startDetection({
  ctx,
  input,
  defer,
}: WriteArgs<{ location_uuid: string }>): Promise<DetectionScan> {
  const location = await requireLocationRow(ctx, input.location_uuid);
  const runners = await runnersAt(ctx, location.uuid);
  const now = new Date().toISOString();
  const base = {
    uuid: crypto.randomUUID(),
    space_uuid: ctx.space.space_uuid,
    location_uuid: location.uuid,
    requested_by_user_uuid: ctx.user.uuid,
    created_at: now,
  };
  if (runners.length === 0) {
    const [row] = await ctx.db
      .insert(scans)
      .values({ ...base, status: "no_service", completed_at: now })
      .returning();
    await announce(ctx, location, "noDevicesDetected", toScan(row));
    throw new ApiError("unavailable", NO_AVAILABLE_DEVICES);
  }
  const [row] = await ctx.db
    .insert(scans)
    .values({ ...base, status: "pending" })
    .returning();
  defer(
    runScan(ctx, location, row, runners).catch(async (error: unknown) => {
      console.error("detection failed", error);
      await finishWithoutService(ctx, location, row);
    }),
  );
  return toScan(row);
}

/** `work`, or a rejection after `ms` (the timer is cleared either way). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("detection timed out")), ms);
      }),
    ]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Every runner's valid answer (a runner that fails, times out or answers nonsense is left out). */
async function askRunners(ctx: SpaceCtx, scanUuid: string, runners: readonly DeviceRow[]) {
  const answers = await Promise.allSettled(
    runners.map((runner) =>
      within(
        sendCommand(ctx, runner, "detect-devices", { scan_uuid: scanUuid }, `detect-${scanUuid}-${runner.uuid}`),
        DETECTION_RUNNER_TIMEOUT_MS,
      ),
    ),
  );
  const results: DetectionFinding[][] = [];
  for (const answer of answers) {
    if (answer.status !== "fulfilled") continue;
    const parsed = DetectionResult.safeParse(answer.value.result);
    if (parsed.success) results.push(parsed.data.devices);
  }
  return results;
}

async function finishWithoutService(ctx: SpaceCtx, location: Location, scan: ScanRow) {
  const [row] = await ctx.db
    .update(scans)
    .set({ status: "no_service", completed_at: new Date().toISOString() })
    .where(inSpace(ctx, scans, eq(scans.uuid, scan.uuid)))
    .returning();
  await announce(ctx, location, "noDevicesDetected", toScan(row ?? scan));
}

/** The scan itself, after the reply: ask, merge, replace the location's detections, announce. */
async function runScan(ctx: SpaceCtx, location: Location, scan: ScanRow, runners: readonly DeviceRow[]) {
  const results = await askRunners(ctx, scan.uuid, runners);
  if (results.length === 0) {
    await finishWithoutService(ctx, location, scan);
    return;
  }
  const findings = mergeFindings(results);
  const deviceOf = await knownMachines(ctx, location.uuid, findings);
  const now = new Date().toISOString();
  const rows = findings.map((finding): typeof dd.$inferInsert => {
    const device_uuid = deviceOf(finding);
    return {
      uuid: crypto.randomUUID(),
      space_uuid: ctx.space.space_uuid,
      location_uuid: location.uuid,
      scan_uuid: scan.uuid,
      name: finding.name || finding.mac_address || finding.ip_address,
      ip_address: finding.ip_address,
      mac_address: finding.mac_address,
      device_type_uuid: DEVICE_TYPE_UUID[finding.device_type],
      connected_status: device_uuid ? "connected" : "non_connected",
      device_uuid,
      detected_at: now,
    };
  });
  // A scan that ends after a newer one has completed does not replace that one's findings.
  const newer = await ctx.db
    .select({ uuid: scans.uuid })
    .from(scans)
    .where(
      inSpace(
        ctx,
        scans,
        eq(scans.location_uuid, location.uuid),
        eq(scans.status, "completed"),
        gt(scans.created_at, scan.created_at),
      ),
    )
    .limit(1)
    .get();
  const statements: BatchItem<"sqlite">[] = newer
    ? []
    : [
        ctx.db.delete(dd).where(inSpace(ctx, dd, eq(dd.location_uuid, location.uuid))),
        ...chunksFor(rows, 11).map((chunk) => ctx.db.insert(dd).values(chunk)),
      ];
  await ctx.db.batch([
    ctx.db
      .update(scans)
      .set({ status: "completed", total_detections: rows.length, completed_at: now })
      .where(inSpace(ctx, scans, eq(scans.uuid, scan.uuid))),
    ...statements,
  ]);
  const done = { ...scan, status: "completed" as const, total_detections: rows.length, completed_at: now };
  // devices.md §7 "Cameras detected": the push says how many of the machines found are cameras.
  const cameras_detected = findings.filter((f) => f.device_type === "camera").length;
  await announce(ctx, location, "devicesDetected", toScan(done), { cameras_detected });
}

/** GET …/devices-detection/: the location's latest scan, or null before the first. */
export async function getDetectionState({
  ctx,
  input,
}: ServiceArgs<{ location_uuid: string }>): Promise<DetectionState> {
  const location = await requireLocationRow(ctx, input.location_uuid);
  const row = await ctx.db
    .select()
    .from(scans)
    .where(inSpace(ctx, scans, eq(scans.location_uuid, location.uuid)))
    .orderBy(desc(scans.created_at), desc(scans.uuid))
    .limit(1)
    .get();
  return { scan: row ? toScan(row) : null };
}

import { and, asc, count, desc, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  DETECTION_MAX_RUNNERS,
  type DetectedDeviceInstallInput,
  type DetectedDeviceList,
  type DetectedDeviceQuery,
  type DetectionFinding,
  DetectionResult,
  type DetectionScan,
  type DetectionState,
  NO_AVAILABLE_DEVICES,
} from "../../../contracts/detection.ts";
import type { DeviceDetail } from "../../../contracts/device-detail.ts";
import { CATEGORY_OF_DEVICE_TYPE, DEVICE_TYPE_UUID, DEVICE_TYPES } from "../../../drizzle/reference.ts";
import {
  deviceTable as d,
  detectedDeviceTable as dd,
  deviceTypeTable,
  detectionScanTable as scans,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import type { Defer } from "../../lib/defer.ts";
import { ApiError } from "../../lib/errors.ts";
import { pageInfo, pageWindow } from "../../lib/paging.ts";
import { sendCommand } from "../commands/remote-actions.ts";
import type { DeviceRow } from "../devices/detail.ts";
import { createDevice } from "../devices/devices.ts";
import { publishToLocation } from "../kernel/realtime.ts";
import { chunksFor, inSpace } from "../kernel/scope.ts";
import { requireLocationRow } from "../locations/queries.ts";
import { unknownTags } from "../spaces/tags.ts";

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

/** MACs are compared in lower case with colons (agents may send AA-BB-…). */
export const normalMac = (mac: string) => mac.trim().toLowerCase().replaceAll("-", ":");

/**
 * The findings of every runner as one list: one machine per MAC (else per IP; a finding with
 * neither is dropped). A later finding fills what an earlier one left empty (name, IP, a known
 * type instead of unknown).
 */
export function mergeFindings(results: readonly DetectionFinding[][]): DetectionFinding[] {
  const byKey = new Map<string, DetectionFinding>();
  for (const finding of results.flat()) {
    const mac = normalMac(finding.mac_address);
    const ip = finding.ip_address.trim();
    const key = mac ? `mac:${mac}` : ip ? `ip:${ip}` : null;
    if (!key) continue;
    const next = { ...finding, mac_address: mac, ip_address: ip, name: finding.name.trim() };
    const known = byKey.get(key);
    byKey.set(
      key,
      known
        ? {
            name: known.name || next.name,
            ip_address: known.ip_address || next.ip_address,
            mac_address: mac,
            device_type: known.device_type === "unknown" ? next.device_type : known.device_type,
          }
        : next,
    );
  }
  return [...byKey.values()];
}

/** Online runner devices (not cameras) at the location, the most recently heard first. */
const runnersAt = (ctx: SpaceCtx, locationUuid: string) =>
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
) {
  await publishToLocation(ctx.env, location.uuid, {
    type: "locationDetailsUpdate",
    event,
    space_uuid: ctx.space.space_uuid,
    location_uuid: location.uuid,
    location_name: location.name,
    data: scan,
  }).catch((error: unknown) => console.error(`${event} publish failed`, error));
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
}: {
  ctx: SpaceCtx;
  input: { location_uuid: string };
  defer: Defer;
}): Promise<DetectionScan> {
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

/**
 * The devices a finding already is: a device of the space with that MAC, else a machine
 * installed from an earlier detection at this location with that MAC or IP.
 */
async function knownMachines(ctx: SpaceCtx, locationUuid: string, findings: readonly DetectionFinding[]) {
  const macs = [...new Set(findings.map((f) => f.mac_address).filter(Boolean))];
  const byMac = new Map<string, string>();
  if (macs.length) {
    const mac = sql`lower(replace(mac.value, '-', ':'))`;
    const rows = await ctx.db.all<{ uuid: string; mac: string }>(
      sql`select ${d.uuid} as uuid, ${mac} as mac from ${d}, json_each(${d.mac_addresses}) as mac
          where ${d.space_uuid} = ${ctx.space.space_uuid}
            and ${mac} in (select value from json_each(${JSON.stringify(macs)}))`,
    );
    for (const row of rows) byMac.set(row.mac, row.uuid);
  }
  const installed = await ctx.db
    .select({ mac: dd.mac_address, ip: dd.ip_address, device_uuid: dd.device_uuid })
    .from(dd)
    .where(inSpace(ctx, dd, eq(dd.location_uuid, locationUuid), isNotNull(dd.device_uuid)));
  const before = new Map<string, string>();
  for (const row of installed) {
    if (!row.device_uuid) continue;
    if (row.mac) before.set(`mac:${normalMac(row.mac)}`, row.device_uuid);
    if (row.ip) before.set(`ip:${row.ip}`, row.device_uuid);
  }
  return (finding: DetectionFinding): string | null =>
    (finding.mac_address && byMac.get(finding.mac_address)) ||
    (finding.mac_address && before.get(`mac:${finding.mac_address}`)) ||
    (finding.ip_address && before.get(`ip:${finding.ip_address}`)) ||
    null;
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
  await announce(ctx, location, "devicesDetected", toScan(done));
}

/** GET …/devices-detection/: the location's latest scan, or null before the first. */
export async function getDetectionState({
  ctx,
  input,
}: {
  ctx: SpaceCtx;
  input: { location_uuid: string };
}): Promise<DetectionState> {
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

/** GET …/devices-detection/items/: the location's detected machines, installable ones first, by name. */
export async function listDetectedDevices({
  ctx,
  input,
}: {
  ctx: SpaceCtx;
  input: DetectedDeviceQuery & { location_uuid: string; url: string };
}): Promise<DetectedDeviceList> {
  const location = await requireLocationRow(ctx, input.location_uuid);
  const where = inSpace(ctx, dd, eq(dd.location_uuid, location.uuid));
  const { limit, offset } = pageWindow(input.page, input.page_size);
  const [[{ total }], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(dd).where(where),
    ctx.db
      .select({
        uuid: dd.uuid,
        name: dd.name,
        ip_address: dd.ip_address,
        mac_address: dd.mac_address,
        device_type_uuid: dd.device_type_uuid,
        device_type_name: deviceTypeTable.name,
        connected_status: dd.connected_status,
        device_uuid: dd.device_uuid,
        detected_at: dd.detected_at,
      })
      .from(dd)
      .innerJoin(deviceTypeTable, eq(deviceTypeTable.uuid, dd.device_type_uuid))
      .where(where)
      .orderBy(
        sql`case when ${dd.connected_status} = 'non_connected' then 0 else 1 end`,
        asc(dd.name),
        asc(dd.ip_address),
        asc(dd.uuid),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { detected_devices: rows, ...pageInfo(input.url, input.page, input.page_size, total) };
}

const ALREADY_INSTALLED = "This device is already installed.";
const typeKeyOf = (uuid: string) => DEVICE_TYPES.find((t) => t.uuid === uuid)?.key ?? "unknown";

/**
 * POST …/location/{loc}/detected-device-installation/ {uuid, name, description, tag_uuids}: the
 * detected machine becomes a device at the location (its type and addresses), and the detected
 * row points at it. The row is claimed first (non_connected → connected in one conditional
 * update), so two installs of one row cannot make two devices; a failed create gives it back.
 */
export async function installDetectedDevice({
  ctx,
  input,
  defer,
}: {
  ctx: SpaceCtx;
  input: DetectedDeviceInstallInput & { location_uuid: string };
  defer: Defer;
}): Promise<DeviceDetail> {
  const location = await requireLocationRow(ctx, input.location_uuid);
  const row = await ctx.db
    .select()
    .from(dd)
    .where(inSpace(ctx, dd, eq(dd.uuid, input.uuid), eq(dd.location_uuid, location.uuid)))
    .get();
  if (!row) throw new ApiError("not_found", "Detected device not found.");
  if (row.connected_status !== "non_connected") throw new ApiError("bad_request", ALREADY_INSTALLED);
  const missing = await unknownTags(ctx, input.tag_uuids ?? []);
  if (missing.length) {
    throw new ApiError("validation_error", "There are validation errors.", {
      tag_uuids: [`Tags not found: ${missing.join(", ")}.`],
    });
  }
  const thisRow = inSpace(ctx, dd, eq(dd.uuid, row.uuid));
  const claimed = await ctx.db
    .update(dd)
    .set({ connected_status: "connected" })
    .where(and(thisRow, eq(dd.connected_status, "non_connected")))
    .returning({ uuid: dd.uuid });
  if (claimed.length === 0) throw new ApiError("bad_request", ALREADY_INSTALLED);
  const uuid = crypto.randomUUID();
  const type = typeKeyOf(row.device_type_uuid);
  try {
    return await createDevice({
      ctx,
      input: {
        name: input.name,
        description: input.description,
        tag_uuids: input.tag_uuids,
        location: location.uuid,
      },
      defer,
      also: {
        uuid,
        columns: {
          device_type_uuid: row.device_type_uuid,
          device_category_uuid: CATEGORY_OF_DEVICE_TYPE[type],
          ip_address: row.ip_address || null,
          local_ip_addresses: row.ip_address ? [row.ip_address] : [],
          mac_addresses: row.mac_address ? [row.mac_address] : [],
        },
        statements: [ctx.db.update(dd).set({ device_uuid: uuid }).where(thisRow)],
        audit: { detected_device_uuid: row.uuid },
      },
    });
  } catch (error) {
    await ctx.db
      .update(dd)
      .set({ connected_status: "non_connected", device_uuid: null })
      .where(thisRow)
      .catch((e: unknown) => console.error("detected device release failed", e));
    throw error;
  }
}

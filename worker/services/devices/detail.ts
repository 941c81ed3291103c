import { and, asc, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { DeviceDetail } from "../../../contracts/devices/detail.ts";
import { DEVICE_TYPE_UUID } from "../../../contracts/reference.ts";
import {
  applicationTable,
  cameraTable,
  installationCodeTable as code,
  deviceTable as d,
  deviceCategoryTable,
  deviceTagTable,
  deviceTypeTable,
  displayApplicationTable,
  displayTable,
  locationTable,
  peripheralTable,
  peripheralTypeTable,
  userTable,
} from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { namedFields } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { roomServer } from "../kernel/placement.ts";
import { inSpace, requireInSpace } from "../kernel/scope.ts";
import { expectedOnlineAt, expectedOnlineFrom, expectedOnlineQuery } from "../monitoring/expected-online.ts";
import { tagsByOwner, tagsQuery } from "../spaces/tags.ts";
import { deviceCategoryJoin, deviceLocationJoin, deviceTypeJoin, type ReadCtx } from "./rows.ts";

export type DeviceRow = typeof d.$inferSelect;
export const deviceNotFound = () => new ApiError("not_found", "Device not found.");

/** The stored device of this space, or 404 (a device of another space is not found either). */
export const requireDevice = (ctx: ReadCtx, uuid: string): Promise<DeviceRow> =>
  requireInSpace(ctx, d, eq(d.uuid, uuid), deviceNotFound);

/**
 * requireDevice and `reads` of the device in one D1 batch (one round trip instead of two in a
 * row): the device's row, or 404, and the reads' results in order. Each read must be held to the
 * space and to this uuid itself, since it runs before the device is known to be found.
 */
export async function deviceWith<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  ctx: ReadCtx,
  uuid: string,
  reads: T,
): Promise<{ device: DeviceRow; results: BatchResponse<T> }> {
  const [devices, ...results] = await ctx.db.batch([
    ctx.db
      .select()
      .from(d)
      .where(inSpace(ctx, d, eq(d.uuid, uuid)))
      .limit(1),
    ...reads,
  ]);
  const device = (devices as DeviceRow[])[0];
  if (!device) throw deviceNotFound();
  return { device, results: results as BatchResponse<T> };
}

const mainRow = (ctx: ReadCtx, uuid: string) =>
  ctx.db
    // Each column named once: the detail is read in a batch (namedFields).
    .select(
      namedFields({
        ...getTableColumns(d),
        device_type_name: deviceTypeTable.name,
        device_type_shorthand: deviceTypeTable.shorthand,
        device_category_name: deviceCategoryTable.name,
        location_name: locationTable.name,
        created_by: userTable.display_name,
      }),
    )
    .from(d)
    .innerJoin(...deviceTypeJoin)
    .innerJoin(...deviceCategoryJoin)
    .leftJoin(...deviceLocationJoin)
    .leftJoin(userTable, eq(userTable.uuid, d.created_by_user_uuid))
    .where(inSpace(ctx, d, eq(d.uuid, uuid)))
    .limit(1);

/** A device's peripherals as contracts/devices/detail.ts Peripheral (also the Peripherals tab's replies). */
export const peripheralsOf = (ctx: ReadCtx, uuid: string) =>
  ctx.db
    .select(
      namedFields({
        ...getTableColumns(peripheralTable),
        device_type_name: peripheralTypeTable.name,
        slug: peripheralTypeTable.slug,
      }),
    )
    .from(peripheralTable)
    .innerJoin(peripheralTypeTable, eq(peripheralTypeTable.uuid, peripheralTable.peripheral_type_uuid))
    .where(inSpace(ctx, peripheralTable, eq(peripheralTable.device_uuid, uuid)))
    .orderBy(asc(peripheralTable.name), asc(peripheralTable.uuid));

/** A device's displays, primary first (displaysFrom makes them contracts/devices/detail.ts Display). */
const displaysQuery = (ctx: ReadCtx, uuid: string) =>
  ctx.db
    .select()
    .from(displayTable)
    .where(inSpace(ctx, displayTable, eq(displayTable.device_uuid, uuid)))
    .orderBy(desc(displayTable.primary), asc(displayTable.name), asc(displayTable.uuid));

/** The applications on a device's displays, in position order (each with its display's uuid). */
const displayAppsQuery = (ctx: ReadCtx, uuid: string) =>
  ctx.db
    .select({
      display_uuid: displayApplicationTable.display_uuid,
      uuid: applicationTable.uuid,
      name: applicationTable.name,
      config: displayApplicationTable.config,
      position: displayApplicationTable.position,
    })
    .from(displayApplicationTable)
    .innerJoin(applicationTable, eq(applicationTable.uuid, displayApplicationTable.application_uuid))
    .innerJoin(displayTable, eq(displayTable.uuid, displayApplicationTable.display_uuid))
    .where(and(inSpace(ctx, displayApplicationTable), inSpace(ctx, displayTable, eq(displayTable.device_uuid, uuid))))
    .orderBy(asc(displayApplicationTable.position), asc(applicationTable.name));

type DisplayRow = Awaited<ReturnType<typeof displaysQuery>>[number];
type DisplayAppRow = Awaited<ReturnType<typeof displayAppsQuery>>[number];

export function displaysFrom(displays: readonly DisplayRow[], apps: readonly DisplayAppRow[]) {
  return displays.map(({ available_resolutions, available_refresh_rates, ...display }) => ({
    ...display,
    availableResolutions: available_resolutions,
    availableRefreshRates: available_refresh_rates,
    applications: apps.filter((a) => a.display_uuid === display.uuid).map(({ display_uuid: _, ...app }) => app),
  }));
}

/** A device's displays as contracts/devices/detail.ts Display, primary first (also the Peripherals tab's replies). */
export async function displaysOf(ctx: ReadCtx, uuid: string) {
  const [displays, apps] = await ctx.db.batch(displayReads(ctx, uuid));
  return displaysFrom(displays, apps);
}

/** displaysOf's two reads, for a batch of one's own (then displaysFrom of their results). */
export const displayReads = (ctx: ReadCtx, uuid: string) =>
  [displaysQuery(ctx, uuid), displayAppsQuery(ctx, uuid)] as const;

/** Expiry of the device's current code (unused, not revoked; possibly already expired). */
const currentCodeExpiry = (ctx: ReadCtx, uuid: string) =>
  ctx.db
    .select({ expires_at: code.expires_at })
    .from(code)
    .where(inSpace(ctx, code, eq(code.device_uuid, uuid), isNull(code.used_at), isNull(code.revoked_at)))
    .orderBy(desc(code.expires_at))
    .limit(1);

const cameraOf = (ctx: ReadCtx, uuid: string) =>
  ctx.db
    .select({
      uuid: cameraTable.uuid,
      ip_address: cameraTable.ip_address,
      http_port: cameraTable.http_port,
      main_rtsp_port: cameraTable.main_rtsp_port,
      sub_rtsp_port: cameraTable.sub_rtsp_port,
      main_rtsp_url: cameraTable.main_rtsp_url,
      main_stream: cameraTable.main_stream,
      sub_stream: cameraTable.sub_stream,
      username: cameraTable.username,
    })
    .from(cameraTable)
    .where(inSpace(ctx, cameraTable, eq(cameraTable.device_uuid, uuid)))
    .limit(1);

/**
 * The DeviceRoom's latest report when it is newer than the one in D1: while its device is online
 * the room writes D1 only when a health status changes or every 15 minutes, so the last check time
 * and values shown come from the room. null when the room has nothing newer (or cannot be reached: D1 stands).
 */
async function fresherTelemetry(env: Env, region: string, uuid: string, storedAt: string | null) {
  try {
    const latest = await (await roomServer(env, "device", uuid, region)).latestTelemetry();
    if (!latest || (storedAt && latest.at <= Date.parse(storedAt))) return null;
    return { latest_telemetry: latest.telemetry, telemetry_updated_at: new Date(latest.at).toISOString() };
  } catch (error) {
    console.error("latest telemetry from the room failed", error);
    return null;
  }
}

/**
 * GET /space/{space}/device/{uuid}/ and /camera/{uuid}/ (kind camera: only camera-type devices).
 * Everything of devices.md §3 except comments, which have their own call. With `env`, an
 * online device's latest telemetry comes from its room when that is fresher than D1's.
 */
export async function getDeviceDetail({
  ctx,
  input,
}: ServiceArgs<{ uuid: string; kind?: "device" | "camera" }, ReadCtx & { env?: Env }>): Promise<DeviceDetail> {
  // Everything D1 holds of the device is one batch (one round trip): the parts are keyed by the
  // device's uuid, and its location's schedule by the location the batch finds it at.
  const uuid = input.uuid;
  const locationOf = sql`(select ${d.location_uuid} from ${d} where ${d.space_uuid} = ${ctx.space.space_uuid} and ${d.uuid} = ${uuid})`;
  const [[row], tagRows, peripherals, displays, apps, [codeRow], [camera], schedules] = await ctx.db.batch([
    mainRow(ctx, uuid),
    tagsQuery(ctx, deviceTagTable, [uuid]),
    peripheralsOf(ctx, uuid),
    ...displayReads(ctx, uuid),
    currentCodeExpiry(ctx, uuid),
    cameraOf(ctx, uuid),
    expectedOnlineQuery(ctx, (location) => eq(location, locationOf)),
  ]);
  if (!row || (input.kind === "camera" && row.device_type_uuid !== DEVICE_TYPE_UUID.camera)) throw deviceNotFound();
  // An online device's room may hold a newer report than D1. Only then: a room writes its last
  // report to D1 when its device goes offline (DeviceTelemetry.flushUnwritten), so an offline
  // device's detail wakes no room.
  const fresher =
    ctx.env && row.online
      ? await fresherTelemetry(ctx.env, ctx.space.space_datacenter, row.uuid, row.telemetry_updated_at)
      : null;
  const tags = tagsByOwner(tagRows);
  const hours = expectedOnlineFrom(ctx, schedules);
  const own = tags.get(row.uuid) ?? [];
  return {
    ...row,
    ...fresher,
    space_name: ctx.space.space_name,
    tags: own,
    tag_uuids: own.map((t) => t.uuid),
    mainboard_product_name: row.motherboard_product_name,
    total_number: peripherals.length + displays.length,
    expected_online: expectedOnlineAt(hours, row.location_uuid),
    installation_code_value: null,
    installation_code_expires_at: codeRow?.expires_at ?? null,
    peripherals,
    displays: displaysFrom(displays, apps),
    camera: camera ?? null,
  };
}

import { and, asc, eq, sql } from "drizzle-orm";
import type {
  DetectedDeviceInstallInput,
  DetectedDeviceList,
  DetectedDeviceQuery,
} from "../../../contracts/detection/schema.ts";
import type { DeviceDetail } from "../../../contracts/devices/detail.ts";
import { CATEGORY_OF_DEVICE_TYPE, DEVICE_TYPES } from "../../../contracts/reference.ts";
import { detectedDeviceTable as dd, deviceTypeTable } from "../../../drizzle/schema/index.ts";
import { namedFields } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { readPage } from "../../lib/paging.ts";
import { createDevice } from "../devices/devices.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { inSpace, requireInSpace } from "../kernel/scope.ts";
import { requireLocationRow } from "../locations/queries.ts";
import { unknownTags } from "../spaces/tags.ts";

/** GET …/devices-detection/items/: the location's detected machines, installable ones first, by name. */
export async function listDetectedDevices({
  ctx,
  input,
}: ServiceArgs<DetectedDeviceQuery & { location_uuid: string; url: string }>): Promise<DetectedDeviceList> {
  const location = await requireLocationRow(ctx, input.location_uuid);
  const where = inSpace(ctx, dd, eq(dd.location_uuid, location.uuid));
  const { rows, info } = await readPage(ctx, input, { table: dd, where }, ({ limit, offset }) =>
    ctx.db
      .select(
        namedFields({
          uuid: dd.uuid,
          name: dd.name,
          ip_address: dd.ip_address,
          mac_address: dd.mac_address,
          device_type_uuid: dd.device_type_uuid,
          device_type_name: deviceTypeTable.name,
          connected_status: dd.connected_status,
          device_uuid: dd.device_uuid,
          detected_at: dd.detected_at,
        }),
      )
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
  );
  return { detected_devices: rows, ...info };
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
}: WriteArgs<DetectedDeviceInstallInput & { location_uuid: string }>): Promise<DeviceDetail> {
  const location = await requireLocationRow(ctx, input.location_uuid);
  const row = await requireInSpace(
    ctx,
    dd,
    and(eq(dd.uuid, input.uuid), eq(dd.location_uuid, location.uuid)),
    () => new ApiError("not_found", "Detected device not found."),
  );
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

import { and, asc, eq } from "drizzle-orm";
import type { DeviceCategoryList, DeviceCategoryTypeList, DeviceTypeList } from "../../../contracts/devices/schema.ts";
import type { CameraList } from "../../../contracts/locations/assets.ts";
import {
  cameraTable as cam,
  deviceTable as d,
  deviceCategoryTable,
  deviceCategoryTypeTable,
  deviceTypeTable,
} from "../../../drizzle/schema/index.ts";
import type { Db } from "../../lib/db.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";
import type { ReadCtx } from "./rows.ts";

/** Global reference data (the same in every space), in the reference order of their uuids. */
type RefCtx = { ctx: { db: Db } };

/** GET /space/{space}/device-type/items/. */
export async function listDeviceTypes({ ctx }: RefCtx): Promise<DeviceTypeList> {
  const device_types = await ctx.db.select().from(deviceTypeTable).orderBy(asc(deviceTypeTable.uuid));
  return { device_types };
}

/** GET /space/{space}/device-category/items/. */
export async function listDeviceCategories({ ctx }: RefCtx): Promise<DeviceCategoryList> {
  const device_categories = await ctx.db.select().from(deviceCategoryTable).orderBy(asc(deviceCategoryTable.uuid));
  return { device_categories };
}

/** GET /space/{space}/device/category-type/items/: each category with its device types. */
export async function listCategoryTypes({ ctx }: RefCtx): Promise<DeviceCategoryTypeList> {
  const [categories, links] = await Promise.all([
    ctx.db.select().from(deviceCategoryTable).orderBy(asc(deviceCategoryTable.uuid)),
    ctx.db
      .select({ category: deviceCategoryTypeTable.device_category_uuid, type: deviceTypeTable })
      .from(deviceCategoryTypeTable)
      .innerJoin(deviceTypeTable, eq(deviceTypeTable.uuid, deviceCategoryTypeTable.device_type_uuid))
      .orderBy(asc(deviceTypeTable.uuid)),
  ]);
  return {
    device_categories: categories.map((c) => ({
      ...c,
      device_types: links.filter((l) => l.category === c.uuid).map((l) => l.type),
    })),
  };
}

/**
 * GET /space/{space}/camera/items/[?location_uuid=]: the space's IP cameras with their device's
 * presence, never their passwords (the location engineer's Camera shape).
 */
export async function listSpaceCameras({
  ctx,
  input,
}: ServiceArgs<{ location_uuid?: string }, ReadCtx>): Promise<CameraList> {
  const rows = await ctx.db
    .select({
      uuid: cam.uuid,
      location_uuid: cam.location_uuid,
      device_uuid: cam.device_uuid,
      name: cam.name,
      ip_address: cam.ip_address,
      http_port: cam.http_port,
      main_rtsp_port: cam.main_rtsp_port,
      sub_rtsp_port: cam.sub_rtsp_port,
      main_rtsp_url: cam.main_rtsp_url,
      main_stream: cam.main_stream,
      sub_stream: cam.sub_stream,
      username: cam.username,
      online: d.online,
      connected_status: d.connected_status,
      created_at: cam.created_at,
      updated_at: cam.updated_at,
    })
    .from(cam)
    .leftJoin(d, and(eq(d.uuid, cam.device_uuid), eq(d.space_uuid, cam.space_uuid)))
    .where(inSpace(ctx, cam, input.location_uuid ? eq(cam.location_uuid, input.location_uuid) : undefined))
    .orderBy(asc(cam.name), asc(cam.uuid));
  return { cameras: rows.map((row) => ({ ...row, online: row.online ?? false })) };
}

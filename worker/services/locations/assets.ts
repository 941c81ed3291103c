import { asc, desc, eq } from "drizzle-orm";
import type { CameraList, LocationDeviceList, LocationDeviceQuery } from "../../../contracts/locations/assets.ts";
import {
  deviceTable as d,
  deviceCategoryTable,
  deviceTagTable,
  deviceTypeTable,
} from "../../../drizzle/schema/index.ts";
import { namedFields } from "../../lib/db.ts";
import { readPage } from "../../lib/paging.ts";
import { listSpaceCameras } from "../devices/reference.ts";
import { deviceCategoryJoin, deviceTypeJoin } from "../devices/rows.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";
import { tagsOf } from "../spaces/tags.ts";
import { requireLocationRow } from "./queries.ts";

const ORDER_KEYS = { created_at: d.created_at, updated_at: d.updated_at, name: d.name, online: d.online } as const;

/**
 * A location's devices, paged: GET …/location/{loc}/asset/items/ and GET …/device/location/items/
 * (index device(space_uuid, location_uuid, created_at, uuid) serves the default -created_at).
 */
export async function listLocationDevices({
  ctx,
  input,
}: ServiceArgs<LocationDeviceQuery & { location_uuid: string; url: string }>): Promise<LocationDeviceList> {
  const location = await requireLocationRow(ctx, input.location_uuid);
  const where = inSpace(ctx, d, eq(d.location_uuid, location.uuid));
  const direction = input.ordering.startsWith("-") ? desc : asc;
  const key = ORDER_KEYS[input.ordering.replace(/^-/, "") as keyof typeof ORDER_KEYS];
  const { rows, info } = await readPage(ctx, input, { table: d, where }, ({ limit, offset }) =>
    ctx.db
      .select(
        namedFields({
          uuid: d.uuid,
          space_uuid: d.space_uuid,
          name: d.name,
          description: d.description,
          device_type_name: deviceTypeTable.name,
          device_type_shorthand: deviceTypeTable.shorthand,
          device_category_name: deviceCategoryTable.name,
          device_class: d.device_class,
          connected_status: d.connected_status,
          online: d.online,
          enabled: d.enabled,
          location_uuid: d.location_uuid,
          created_at: d.created_at,
          updated_at: d.updated_at,
          installation_date: d.installation_date,
          last_seen: d.last_seen,
        }),
      )
      .from(d)
      .innerJoin(...deviceTypeJoin)
      .innerJoin(...deviceCategoryJoin)
      .where(where)
      .orderBy(direction(key), direction(d.uuid))
      .limit(limit)
      .offset(offset),
  );
  const tags = await tagsOf(
    ctx,
    deviceTagTable,
    rows.map((r) => r.uuid),
  );
  const devices = rows.map((row) => {
    const own = tags.get(row.uuid) ?? [];
    return { ...row, location_name: location.name, tags: own, tag_uuids: own.map((t) => t.uuid) };
  });
  return { devices, ...info };
}

/** GET /space/{space}/location/{loc}/camera/items/: the location's cameras (404 for another space's location). */
export async function listLocationCameras({ ctx, input }: ServiceArgs<{ location_uuid: string }>): Promise<CameraList> {
  const location = await requireLocationRow(ctx, input.location_uuid);
  return listSpaceCameras({ ctx, input: { location_uuid: location.uuid } });
}

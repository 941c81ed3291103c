// The columns and joins every device list selects, and the base query of its rows.
import { eq, type SQL, sql } from "drizzle-orm";
import {
  deviceTable as d,
  deviceCategoryTable,
  deviceTypeTable,
  locationTable,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";

/** Reads need only the db and the space. */
export type ReadCtx = Pick<SpaceCtx, "db" | "space">;

/**
 * The stored and joined columns of a listed device (tags and total_number are added per page).
 * Every result column is named as its field (the joined ones by an alias): D1's row objects are
 * then listed devices but for their booleans (listRows), and in a D1 batch, where rows come back
 * as objects, four columns called "name" are not one.
 */
export const deviceListFields = {
  uuid: d.uuid,
  space_uuid: d.space_uuid,
  name: d.name,
  description: d.description,
  device_type_uuid: d.device_type_uuid,
  device_type_name: sql<string>`${deviceTypeTable.name}`.as("device_type_name"),
  device_type_shorthand: sql<string>`${deviceTypeTable.shorthand}`.as("device_type_shorthand"),
  device_category_uuid: d.device_category_uuid,
  device_category_name: sql<string>`${deviceCategoryTable.name}`.as("device_category_name"),
  device_class: d.device_class,
  connected_status: d.connected_status,
  online: d.online,
  enabled: d.enabled,
  debug_mode: d.debug_mode,
  vision_enabled: d.vision_enabled,
  demo_mode: d.demo_mode,
  location_uuid: d.location_uuid,
  location_name: sql<string | null>`${locationTable.name}`.as("location_name"),
  created_at: d.created_at,
  installed_at: d.installed_at,
  updated_at: d.updated_at,
  last_seen: d.last_seen,
  online_since: d.online_since,
  installation_date: d.installation_date,
  combined_status: d.combined_status,
  /** The sort key of ?ordering=combined_status (not a field of the reply). */
  problem_rank: d.problem_rank,
};

/** The joins of a device's names, by primary key: `.innerJoin(...deviceTypeJoin)` and so on. */
export const deviceTypeJoin = [deviceTypeTable, eq(deviceTypeTable.uuid, d.device_type_uuid)] as const;
export const deviceCategoryJoin = [deviceCategoryTable, eq(deviceCategoryTable.uuid, d.device_category_uuid)] as const;
export const deviceLocationJoin = [locationTable, eq(locationTable.uuid, d.location_uuid)] as const;

/**
 * Listed devices: device joined with its type, category and location, all by primary key, so
 * SQLite walks the device index that serves the ordering and looks the names up per row.
 */
export const deviceRows = (ctx: ReadCtx, where: SQL | undefined) =>
  ctx.db
    .select(deviceListFields)
    .from(d)
    .innerJoin(...deviceTypeJoin)
    .innerJoin(...deviceCategoryJoin)
    .leftJoin(...deviceLocationJoin)
    .where(where)
    .$dynamic();
export type DeviceListRow = Awaited<ReturnType<typeof deviceRows>>[number];

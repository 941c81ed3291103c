/**
 * Prints the reference-data INSERTs (from contracts/reference.ts) that make up the
 * reference_data migration. Used once to fill drizzle/migrations/0001_reference_data.sql;
 * later reference changes go in a new custom migration.
 *   node scripts/seed/reference-sql.ts >> drizzle/migrations/NNNN_….sql
 */
import {
  COUNTRIES,
  COUNTRY_UUID,
  DEVICE_CATEGORIES,
  DEVICE_TYPES,
  LOCATION_TYPES,
  PERIPHERAL_TYPES,
  ROLES,
} from "../../contracts/reference.ts";
import {
  countryTable,
  deviceCategoryTable,
  deviceCategoryTypeTable,
  deviceTypeTable,
  locationTypeTable,
  peripheralTypeTable,
  roleTable,
} from "../../drizzle/schema/index.ts";
import { insertSql } from "./sql.ts";

export function referenceSql(): string[] {
  return [
    ...insertSql(
      roleTable,
      ROLES.map(({ uuid, name, code }) => ({ uuid, name, code })),
    ),
    ...insertSql(
      locationTypeTable,
      LOCATION_TYPES.map(({ uuid, name }) => ({ uuid, name })),
    ),
    ...insertSql(
      countryTable,
      COUNTRIES.map(([code, name]) => ({ uuid: COUNTRY_UUID[code], name, code })),
    ),
    ...insertSql(
      deviceTypeTable,
      DEVICE_TYPES.map(({ uuid, name, shorthand }) => ({ uuid, name, shorthand })),
    ),
    ...insertSql(
      deviceCategoryTable,
      DEVICE_CATEGORIES.map(({ uuid, name }) => ({ uuid, name })),
    ),
    ...insertSql(
      deviceCategoryTypeTable,
      DEVICE_CATEGORIES.flatMap((c) =>
        c.types.map((device_type_uuid) => ({ device_category_uuid: c.uuid, device_type_uuid })),
      ),
    ),
    ...insertSql(
      peripheralTypeTable,
      PERIPHERAL_TYPES.map(({ uuid, name, slug }) => ({ uuid, name, slug })),
    ),
  ];
}

if (import.meta.main) {
  process.stdout.write(`${referenceSql().join("\n--> statement-breakpoint\n")}\n`);
}

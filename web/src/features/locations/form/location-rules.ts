import { CUSTOM_KEYS, type CustomKey } from "@contracts/locations/schema";
import type { Space } from "@contracts/spaces/schema";

/** console.md §9: text inputs 256, description 1000. */
export const TEXT_MAX = 256;
export const DESCRIPTION_MAX = 1000;

/** The form's text fields that the rules below can require. */
export type RequirableField =
  | "name"
  | "display_id"
  | "location_type_uuid"
  | "country_code"
  | "city"
  | "address"
  | "zip_code";

/** console.md §5: the add form's fixed required list (the per-type table is not applied there). */
export const ADD_REQUIRED: readonly RequirableField[] = [
  "name",
  "location_type_uuid",
  "country_code",
  "city",
  "address",
  "zip_code",
];

/**
 * console.md §5: the edit form requires the name and the display id; country, city, address, zip
 * code and timezone are validated only when filled, whatever the location's type.
 */
export const EDIT_REQUIRED: readonly RequirableField[] = ["name", "display_id"];

export type CustomFieldRule = { key: CustomKey; alias: string; required: boolean; unique: boolean };

type CustomSettings = Pick<Space, `${CustomKey}_${"alias" | "enabled" | "required" | "unique"}`>;

/**
 * The space's enabled custom fields (console.md §5). Required when the Admin chose Required or
 * the alias contains "req"; unique when Required & Unique or the alias contains "unq" (any case).
 * Unique implies required. The same rule as the server's, so both report the same fields.
 */
export function customFieldRules(space: CustomSettings): CustomFieldRule[] {
  return CUSTOM_KEYS.filter((key) => space[`${key}_enabled`]).map((key) => {
    const alias = space[`${key}_alias`].trim() || key;
    const unique = space[`${key}_unique`] || /unq/i.test(alias);
    return { key, alias, unique, required: unique || space[`${key}_required`] || /req/i.test(alias) };
  });
}

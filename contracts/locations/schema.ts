import { z } from "zod";
import { PageInfo, PageQuery } from "../http/paging.ts";
import { safeName, safeText, searchText } from "../http/text.ts";
import { CUSTOM_FIELD_NUMBERS } from "../spaces/schema.ts";
import { TagRef } from "../tags/schema.ts";
import { LOCATION_LIST_ORDERINGS } from "./values.ts";
import { WorkingTimeShape } from "./working-time.ts";

export { LOCATION_LIST_ORDERINGS, LOCATION_ORDERINGS } from "./values.ts";

export const LocationType = z.object({ uuid: z.string(), name: z.string() });
export type LocationType = z.infer<typeof LocationType>;
/** Reply of GET /location-type/items/ and /space/{space}/location-type/items/. */
export const LocationTypeList = z.object({ location_types: z.array(LocationType) });
export type LocationTypeList = z.infer<typeof LocationTypeList>;

export const Country = z.object({
  uuid: z.string(),
  name: z.string(),
  code: z.string(),
  /** The country's one obvious time zone (IANA), or null where it spans several; the location form suggests it. */
  timezone: z.string().nullable().optional(),
});
export type Country = z.infer<typeof Country>;
/** Reply of GET /country/items/ and /space/{space}/location/country/items/ (by name). */
export const CountryList = z.object({ countries: z.array(Country) });
export type CountryList = z.infer<typeof CountryList>;

/** online: every installed (connected) device is online and there is one; partially: some are. */
export const OnlineStatus = z.enum(["online", "partially_online", "offline"]);
export type OnlineStatus = z.infer<typeof OnlineStatus>;

/**
 * Device counts of a location (cameras included). total_number counts every device that is
 * not archived; non_connected also counts installation_pending; archived = devices + cameras.
 */
export const LocationTotals = z.object({
  total_number: z.number().int(),
  total_online_number: z.number().int(),
  total_connected_number: z.number().int(),
  total_disconnected_number: z.number().int(),
  total_non_connected_number: z.number().int(),
  total_archived_number: z.number().int(),
  archived_devices_number: z.number().int(),
  archived_cameras_number: z.number().int(),
});
export type LocationTotals = z.infer<typeof LocationTotals>;

type N = (typeof CUSTOM_FIELD_NUMBERS)[number];
export type CustomKey = `location_custom_${N}`;
export const CUSTOM_KEYS: readonly CustomKey[] = CUSTOM_FIELD_NUMBERS.map((n) => `location_custom_${n}` as const);

const customShape = Object.fromEntries(
  CUSTOM_KEYS.flatMap((key) => [
    [key, z.string()],
    [`${key}_alias`, z.string()],
    [`${key}_enabled`, z.boolean()],
    [`${key}_required`, z.boolean()],
    [`${key}_unique`, z.boolean()],
  ]),
) as Record<CustomKey | `${CustomKey}_alias`, z.ZodString> &
  Record<`${CustomKey}_${"enabled" | "required" | "unique"}`, z.ZodBoolean>;

/** A location (console.md §3.1) with its derived names, tags, status, totals and custom fields. */
export const Location = z.object({
  uuid: z.string(),
  space_uuid: z.string(),
  name: z.string(),
  display_id: z.string(),
  description: z.string(),
  location_type_uuid: z.string().nullable(),
  location_type_name: z.string().nullable(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
  city: z.string(),
  address: z.string(),
  zip_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string(),
  space_timezone: z.string(),
  global_timezone_enabled: z.boolean(),
  /** true: the space's working time applies; false: the location's own schedule. */
  global_working_time_enabled: z.boolean(),
  tags: z.array(TagRef),
  tag_uuids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  online_status: OnlineStatus,
  ...LocationTotals.shape,
  ...customShape,
});
export type Location = z.infer<typeof Location>;

/** Query of GET /space/{space}/location/items/ (and …/items/export/, which ignores paging). */
export const LocationListQuery = z.object({
  ordering: z.enum(LOCATION_LIST_ORDERINGS).default("-online_status"),
  /** Contained in name, display id, city or address. */
  search: searchText,
  /** Contained in the name. */
  name: searchText,
  location_type_uuid: z.string().optional(),
  country_uuid: z.string().optional(),
  tag_uuid: z.string().optional(),
  ...PageQuery.shape,
});
export type LocationListQuery = z.infer<typeof LocationListQuery>;

/** Reply of GET /space/{space}/location/items/. */
export const LocationList = z.object({
  locations: z.array(Location),
  ...PageInfo.shape,
});
export type LocationList = z.infer<typeof LocationList>;

const MAX_256 = "Ensure this field has no more than 256 characters.";
const required = safeName(
  z
    .string({ error: (issue) => (issue.input == null ? "Required" : "Not a valid string.") })
    .trim()
    .min(1, "Required")
    .max(256, MAX_256),
);
const text = safeName(z.string({ error: "Not a valid string." }).trim().max(256, MAX_256)).nullish();
const description = safeText(
  z.string({ error: "Not a valid string." }).trim().max(1000, "Ensure this field has no more than 1000 characters."),
).nullish();
const coordinate = (limit: number) =>
  z
    .number({ error: "A valid number is required." })
    .min(-limit, `Ensure this value is greater than or equal to -${limit}.`)
    .max(limit, `Ensure this value is less than or equal to ${limit}.`)
    .nullish();
const customValues = Object.fromEntries(CUSTOM_KEYS.map((key) => [key, text])) as Record<CustomKey, typeof text>;

/** Fields of add and edit; null or "" clears a text, a type or a country. */
const locationFields = {
  description,
  display_id: text,
  location_type_uuid: text,
  country_code: text,
  city: text,
  address: text,
  zip_code: text,
  timezone: text,
  latitude: coordinate(90),
  longitude: coordinate(180),
  tag_uuids: z.array(z.string({ error: "Not a valid string." })).nullish(),
  /** Values of the space's enabled custom fields; values of disabled fields are ignored. */
  ...customValues,
};

const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";
/** A location type is set but no timezone (checked on the raw input). */
const typeNeedsTimezone = (input: unknown) =>
  typeof input === "object" &&
  input !== null &&
  "location_type_uuid" in input &&
  filled(input.location_type_uuid) &&
  !("timezone" in input && filled(input.timezone));

/**
 * POST /space/{space}/location/add/ (console.md §5): name, type, country (alpha-2 code), city,
 * address and zip code are required, and a timezone once a type is set. Custom-field rules and
 * unknown references are checked by the server (they need the space's settings). The reply is
 * 201 with the new Location itself (not wrapped in `data`), the same shape GET and PATCH return.
 */
export const LocationAddInput = z
  .object({
    ...locationFields,
    name: required,
    location_type_uuid: required,
    country_code: required,
    city: required,
    address: required,
    zip_code: required,
  })
  // `when`: also reported alongside other field errors (zod skips refinements after a type error).
  .refine((input) => !typeNeedsTimezone(input), { path: ["timezone"], message: "Required", when: () => true });
export type LocationAddInput = z.infer<typeof LocationAddInput>;

/**
 * console.md §7.2: the edit form sends each enabled custom field with its value, alias and enabled
 * flag. Alias and enabled are the space's settings as the form saw them (PATCH /space/{space}/
 * changes them); the location keeps only the value, stored when the space has the field enabled.
 */
const customEcho = Object.fromEntries(
  CUSTOM_KEYS.flatMap((key) => [
    [`${key}_alias`, z.string({ error: "Not a valid string." }).max(256).optional()],
    [`${key}_enabled`, z.boolean({ error: "Must be a valid boolean." }).optional()],
  ]),
) as Record<`${CustomKey}_alias`, z.ZodOptional<z.ZodString>> &
  Record<`${CustomKey}_enabled`, z.ZodOptional<z.ZodBoolean>>;

/**
 * PATCH /space/{space}/location/{loc}/: a field left out is unchanged. When any location field is
 * sent, the resulting location must have a name and a display id and meet its type's requirements
 * (country and city; address and zip code for building-like types). global_timezone_enabled is
 * computed (timezone empty or equal to the space's); the body may also carry the working time.
 */
export const LocationEditInput = z.object({
  ...locationFields,
  name: required.optional(),
  display_id: required.optional(),
  global_timezone_enabled: z.boolean().optional(),
  ...customEcho,
  ...WorkingTimeShape,
});
export type LocationEditInput = z.infer<typeof LocationEditInput>;

/** The keys of LocationEditInput that change the location itself (not its working time). */
export const LOCATION_FIELD_KEYS = ["name", ...Object.keys(locationFields)] as (keyof LocationAddInput)[];

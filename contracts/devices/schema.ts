import { z } from "zod";
import { DEFAULT_PAGE_SIZE, PageInfo, PageQuery } from "../http/paging.ts";
import { maxLengthMessage, safeName, safeText, searchText } from "../http/text.ts";
import { TagRef } from "../tags/schema.ts";
import { CONNECTED_STATUSES, type DEVICE_ORDER_KEYS, DEVICE_ORDERINGS, VISION_STATES } from "./values.ts";

export { CONNECTED_STATUSES, DEVICE_ORDER_KEYS, DEVICE_ORDERINGS, VISION_STATES } from "./values.ts";

/** devices.md §3/§4 enums (drizzle/schema/device.ts types its columns with these; contracts import no drizzle). */
export const DEVICE_CLASSES = ["kiosk", "retail_pos", "visualization"] as const;
export const DeviceClass = z.enum(DEVICE_CLASSES);
export const ConnectedStatus = z.enum(CONNECTED_STATUSES);
export type ConnectedStatus = z.infer<typeof ConnectedStatus>;
export const VisionState = z.enum(VISION_STATES);

/** Health code 0 Healthy, 1, 2 Warning, 3 Critical; null = no telemetry yet. */
export const HealthCode = z.number().int().min(0).max(3).nullable();

/** A device as the device list shows it (devices.md §3, the fields a card or row needs). */
export const Device = z.object({
  uuid: z.string(),
  space_uuid: z.string(),
  space_name: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(TagRef),
  tag_uuids: z.array(z.string()),
  device_type_uuid: z.string(),
  device_type_name: z.string(),
  device_type_shorthand: z.string(),
  device_category_uuid: z.string(),
  device_category_name: z.string(),
  device_class: DeviceClass.nullable(),
  connected_status: ConnectedStatus,
  online: z.boolean(),
  enabled: z.boolean(),
  debug_mode: z.boolean(),
  vision_enabled: VisionState,
  demo_mode: z.boolean(),
  location_uuid: z.string().nullable(),
  location_name: z.string().nullable(),
  created_at: z.string(),
  installed_at: z.string().nullable(),
  updated_at: z.string(),
  last_seen: z.string().nullable(),
  online_since: z.string().nullable(),
  /** Time Connected: when the agent last enrolled. */
  installation_date: z.string().nullable(),
  combined_status: HealthCode,
  /** Peripherals + displays; Delete is refused while it is above 0. */
  total_number: z.number().int(),
  /**
   * Whether the device's location is inside its working hours now (the schedule it follows, on
   * its clock); null without a location or when that schedule has no entries. An offline device
   * with true stands out in the lists.
   */
  expected_online: z.boolean().nullable(),
});
export type Device = z.infer<typeof Device>;

export type DeviceOrderKey = (typeof DEVICE_ORDER_KEYS)[number];
export const DeviceOrdering = z.enum(DEVICE_ORDERINGS, {
  error: (issue) => `"${String(issue.input)}" is not a valid choice.`,
});
export type DeviceOrdering = z.infer<typeof DeviceOrdering>;

const NOT_BOOLEAN = "Must be a valid boolean.";
/** A query boolean: true/false, True/False (Django's), 1/0. */
const queryBool = z
  .enum(["true", "false", "True", "False", "1", "0"], { error: NOT_BOOLEAN })
  .transform((v) => v === "true" || v === "True" || v === "1");
/** A choice among `values`, refused with the API's (Django's) wording. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => `Select a valid choice. ${String(issue.input)} is not one of the available choices.`,
  });
export const optionalText = z.string().trim().optional();

/** Most values one repeated filter parameter takes. */
export const MAX_FILTER_VALUES = 100;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A filter that takes one value or several (the parameter repeated: ?tag_uuid=a&tag_uuid=b),
 * meaning "any of". One value reads as it always did (a string), several as a list; empty values
 * are left out (no value: no filter). Each value is checked by `valid` (its error text, or null).
 */
function anyOf<T extends string>(valid: (value: string) => string | null) {
  return z
    .union([z.string(), z.array(z.string())], { error: "Not a valid string." })
    .transform((raw, ctx): T | T[] | undefined => {
      const values = [...new Set((Array.isArray(raw) ? raw : [raw]).map((v) => v.trim()).filter(Boolean))];
      if (values.length > MAX_FILTER_VALUES) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `Ensure this filter has no more than ${MAX_FILTER_VALUES} values.`,
        });
        return z.NEVER;
      }
      for (const value of values) {
        const message = valid(value);
        if (message) ctx.issues.push({ code: "custom", input: raw, message });
      }
      if (values.length === 0) return undefined;
      return values.length === 1 ? (values[0] as T) : (values as T[]);
    })
    .optional();
}
/** One or several uuids ("any of"); a value that is no uuid is refused. */
export const anyUuid = anyOf<string>((v) => (UUID_PATTERN.test(v) ? null : `"${v}" is not a valid UUID.`));
/** One or several of `values` ("any of"), refused with the API's (Django's) wording. */
export const anyChoice = <const T extends readonly string[]>(values: T) =>
  anyOf<T[number]>((v) =>
    values.includes(v) ? null : `Select a valid choice. ${v} is not one of the available choices.`,
  );
/** A filter value as a list: none, one or several. */
export const filterValues = <T extends string>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Query of GET /space/{space}/device/items/ (console.md §3.10) and of the asset list and export.
 * `cursor` switches to keyset paging: it is opaque, comes in links.next/previous, and is bound
 * to the ordering it was made for. `page` then only numbers the page in the links.
 */
export const DeviceListQuery = z.object({
  ordering: DeviceOrdering.default("-online"),
  /**
   * Contained in the name, description, machine id, uuid, an IP or MAC address, the location's
   * name or a tag's name (three characters or more; shorter: the name or machine id), or the
   * exact uuid.
   */
  search: searchText,
  /** Contained in the name (the asset list's ?name=). */
  name: searchText,
  /** location_uuid, device_type_uuid, connected_status and tag_uuid take several values (repeated): any of them. */
  location_uuid: anyUuid,
  device_type_uuid: anyUuid,
  connected_status: anyChoice(CONNECTED_STATUSES),
  online: queryBool.optional(),
  enabled: queryBool.optional(),
  /** The vision state; true/false mean enabled/disabled. */
  vision_enabled: z
    .enum([...VISION_STATES, "true", "false", "True", "False"], {
      error: (issue) => `Select a valid choice. ${String(issue.input)} is not one of the available choices.`,
    })
    .transform((v) => (v.toLowerCase() === "true" ? "enabled" : v.toLowerCase() === "false" ? "disabled" : v))
    .pipe(VisionState)
    .optional(),
  /** Devices with any of the tags. */
  tag_uuid: anyUuid,
  cursor: z.string().optional(),
  ...PageQuery.shape,
});
export type DeviceListQuery = z.infer<typeof DeviceListQuery>;
export const DEVICE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** Reply of GET /space/{space}/device/items/ and /asset/items/. */
export const DeviceList = z.object({
  devices: z.array(Device),
  ...PageInfo.shape,
});
export type DeviceList = z.infer<typeof DeviceList>;

const MAX = maxLengthMessage;
export const requiredName = safeName(
  z
    .string({ error: (issue) => (issue.input == null ? "Required" : "Not a valid string.") })
    .trim()
    .min(1, "Required")
    .max(256, MAX(256)),
);
export const description = safeText(z.string({ error: "Not a valid string." }).trim().max(1000, MAX(1000)));
export const tagUuids = z.array(z.string({ error: "Not a valid string." }), { error: "Expected a list of items." });

/** POST /space/{space}/device/add/ (Add Runner Device). `location` is a location uuid of the space. */
export const DeviceAddInput = z.object({
  name: requiredName,
  description: description.nullish(),
  tag_uuids: tagUuids.nullish(),
  location: z
    .string({ error: (issue) => (issue.input == null ? "Required" : "Not a valid string.") })
    .trim()
    .min(1, "Required"),
  device_class: z
    .enum(DEVICE_CLASSES, { error: (issue) => `"${String(issue.input)}" is not a valid choice.` })
    .nullish(),
});
export type DeviceAddInput = z.infer<typeof DeviceAddInput>;

/** PATCH /space/{space}/device/{uuid}/: a field left out is unchanged; tag_uuids replaces the tags. */
export const DeviceEditInput = z.object({
  name: requiredName.optional(),
  description: description.nullish(),
  tag_uuids: tagUuids.nullish(),
});
export type DeviceEditInput = z.infer<typeof DeviceEditInput>;

/** PATCH /space/{space}/device/{uuid}/archived-status/. */
export const ArchivedStatusInput = z.object({
  archived: z.boolean({ error: (issue) => (issue.input === undefined ? "Required" : "Must be a valid boolean.") }),
});
export type ArchivedStatusInput = z.infer<typeof ArchivedStatusInput>;

/** Reference lists: GET /device-type/items/, /device-category/items/, /device/category-type/items/. */
export const DeviceType = z.object({ uuid: z.string(), name: z.string(), shorthand: z.string() });
export const DeviceTypeList = z.object({ device_types: z.array(DeviceType) });
export type DeviceTypeList = z.infer<typeof DeviceTypeList>;
export const DeviceCategory = z.object({ uuid: z.string(), name: z.string() });
export const DeviceCategoryList = z.object({ device_categories: z.array(DeviceCategory) });
export type DeviceCategoryList = z.infer<typeof DeviceCategoryList>;
/** Each category with the device types it holds. */
export const DeviceCategoryTypeList = z.object({
  device_categories: z.array(DeviceCategory.extend({ device_types: z.array(DeviceType) })),
});
export type DeviceCategoryTypeList = z.infer<typeof DeviceCategoryTypeList>;

/** Query of GET /space/{space}/camera/items/ (every camera of the space, or of one location). */
export const SpaceCameraQuery = z.object({ location_uuid: optionalText });
export type SpaceCameraQuery = z.infer<typeof SpaceCameraQuery>;

import {
  CUSTOM_KEYS,
  type CustomKey,
  type Location,
  type LocationAddInput,
  type LocationEditInput,
} from "@contracts/locations/schema";
import type { CustomFieldRule } from "./location-rules";
import type { LocationFormValues } from "./location-schema";

const emptyCustom = () => Object.fromEntries(CUSTOM_KEYS.map((key) => [key, ""])) as Record<CustomKey, string>;
const coordinate = (value: number | null) => (value === null ? "" : String(value));

/** The add form starts empty, in the space's timezone. */
export function emptyLocationValues(spaceTimezone: string): LocationFormValues {
  return {
    name: "",
    location_type_uuid: "",
    description: "",
    display_id: "",
    country_code: "",
    city: "",
    address: "",
    zip_code: "",
    timezone: spaceTimezone,
    latitude: "",
    longitude: "",
    tag_uuids: [],
    ...emptyCustom(),
  };
}

/** The edit form starts from the saved location. */
export function locationToValues(location: Location): LocationFormValues {
  const custom = emptyCustom();
  for (const key of CUSTOM_KEYS) custom[key] = location[key];
  return {
    name: location.name,
    location_type_uuid: location.location_type_uuid ?? "",
    description: location.description,
    display_id: location.display_id,
    country_code: location.country_code ?? "",
    city: location.city,
    address: location.address,
    zip_code: location.zip_code,
    timezone: location.timezone || location.space_timezone,
    latitude: coordinate(location.latitude),
    longitude: coordinate(location.longitude),
    tag_uuids: location.tag_uuids,
    ...custom,
  };
}

const number = (value: string) => (value.trim() === "" ? null : Number(value));

/** The fields both calls share; custom values only for the space's enabled fields. */
function commonFields(values: LocationFormValues, customFields: readonly CustomFieldRule[]) {
  const custom: Partial<Record<CustomKey, string>> = {};
  for (const rule of customFields) custom[rule.key] = values[rule.key].trim();
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    display_id: values.display_id.trim(),
    country_code: values.country_code,
    city: values.city.trim(),
    address: values.address.trim(),
    zip_code: values.zip_code.trim(),
    timezone: values.timezone,
    latitude: number(values.latitude),
    longitude: number(values.longitude),
    tag_uuids: values.tag_uuids,
    ...custom,
  };
}

/** Body of POST …/location/add/. */
export function toAddInput(values: LocationFormValues, customFields: readonly CustomFieldRule[]): LocationAddInput {
  return { ...commonFields(values, customFields), location_type_uuid: values.location_type_uuid };
}

/**
 * Body of PATCH …/location/{uuid}/ (console.md §4): global_timezone_enabled is true when the
 * timezone equals the space's (so changing the timezone clears it); each enabled custom field goes
 * with its value, alias and enabled (console.md §7.2).
 */
export function toEditInput(
  values: LocationFormValues,
  customFields: readonly CustomFieldRule[],
  spaceTimezone: string,
): LocationEditInput {
  const echo: Partial<Record<`${CustomKey}_alias`, string> & Record<`${CustomKey}_enabled`, boolean>> = {};
  for (const rule of customFields) {
    echo[`${rule.key}_alias`] = rule.alias;
    echo[`${rule.key}_enabled`] = true;
  }
  return {
    ...commonFields(values, customFields),
    ...echo,
    global_timezone_enabled: values.timezone === spaceTimezone,
  };
}

/** Field names the form shows (server errors of other fields become a general message). */
export const LOCATION_FORM_FIELDS: readonly string[] = [
  ...Object.keys(emptyLocationValues("")).filter((key) => !key.startsWith("location_custom_")),
  ...CUSTOM_KEYS,
];

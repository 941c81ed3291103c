import "@/lib/i18n/locales/en-assets";
import { CUSTOM_KEYS, type CustomKey } from "@contracts/locations/schema";
import { z } from "zod";
import type { TFunction } from "@/lib/i18n";
import {
  ADD_REQUIRED,
  type CustomFieldRule,
  DESCRIPTION_MAX,
  EDIT_REQUIRED,
  type RequirableField,
  TEXT_MAX,
} from "./location-rules";

export type FormMode = "add" | "edit";

/** What the location form edits: every input as text (coordinates too), the tags as uuids. */
export type LocationFormValues = {
  name: string;
  location_type_uuid: string;
  description: string;
  display_id: string;
  country_code: string;
  city: string;
  address: string;
  zip_code: string;
  timezone: string;
  latitude: string;
  longitude: string;
  tag_uuids: string[];
} & Record<CustomKey, string>;

export type SchemaContext = {
  mode: FormMode;
  /** The space's enabled custom fields (customFieldRules). */
  customFields: readonly CustomFieldRule[];
  t: TFunction;
};

const text = z.string();
const customShape = Object.fromEntries(CUSTOM_KEYS.map((key) => [key, text])) as Record<CustomKey, typeof text>;
const LIMITS: Partial<Record<keyof LocationFormValues, number>> = {
  name: TEXT_MAX,
  display_id: TEXT_MAX,
  city: TEXT_MAX,
  address: TEXT_MAX,
  zip_code: TEXT_MAX,
  description: DESCRIPTION_MAX,
  ...Object.fromEntries(CUSTOM_KEYS.map((key) => [key, TEXT_MAX])),
};

/** The custom-field message of console.md §5; add and edit word it differently. */
export function customFieldMessage(rule: CustomFieldRule, mode: FormMode, t: TFunction): string {
  const alias = rule.alias;
  if (mode === "add") return t(rule.unique ? "validation.customUnique" : "validation.customRequired", { alias });
  return t(rule.unique ? "validation.customUniqueEdit" : "validation.customBlank", { alias });
}

const filled = (value: string) => value.trim() !== "";

/**
 * The location form's client rules (console.md §5). Add: name, type, country, city, address and
 * zip code required, timezone once a type is set. Edit: name and display id; other fields are
 * checked only when filled. Enabled custom fields by their rules.
 */
export function locationFormSchema({ mode, customFields, t }: SchemaContext) {
  const required: readonly RequirableField[] = mode === "add" ? ADD_REQUIRED : EDIT_REQUIRED;
  return z
    .object({
      name: text,
      location_type_uuid: text,
      description: text,
      display_id: text,
      country_code: text,
      city: text,
      address: text,
      zip_code: text,
      timezone: text,
      latitude: text,
      longitude: text,
      tag_uuids: z.array(z.string()),
      ...customShape,
    })
    .superRefine((values, ctx) => {
      const issue = (path: keyof LocationFormValues, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      for (const field of required) if (!filled(values[field])) issue(field, t("validation.required"));
      if (mode === "add" && filled(values.location_type_uuid) && !filled(values.timezone)) {
        issue("timezone", t("validation.required"));
      }
      for (const [field, max] of Object.entries(LIMITS) as [keyof LocationFormValues, number][]) {
        const value = values[field];
        if (typeof value === "string" && value.trim().length > max) issue(field, t("validation.max", { max }));
      }
      for (const [field, limit] of [
        ["latitude", 90],
        ["longitude", 180],
      ] as const) {
        const value = values[field].trim();
        const n = Number(value);
        if (value && (!Number.isFinite(n) || Math.abs(n) > limit)) issue(field, t("validation.coordinate", { limit }));
      }
      for (const rule of customFields) {
        if (rule.required && !filled(values[rule.key])) issue(rule.key, customFieldMessage(rule, mode, t));
      }
    });
}

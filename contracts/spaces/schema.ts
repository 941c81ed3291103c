import { z } from "zod";
import {
  CAPTURE_INTERVAL_MAX_S,
  CAPTURE_INTERVAL_MIN_S,
  CAPTURE_RETENTION_MAX_DAYS,
  CAPTURE_RETENTION_MIN_DAYS,
} from "../display-health/schema.ts";
import { safeName } from "../http/text.ts";

export const UserSpace = z.object({
  space_uuid: z.string(),
  space_name: z.string(),
  space_type: z.string(),
  space_datacenter: z.string(),
  account_uuid: z.string(),
});
export type UserSpace = z.infer<typeof UserSpace>;

/** Reply of POST /api/account/login/ — the current user with their spaces. */
export const CurrentUser = z.object({
  uuid: z.string(),
  display_name: z.string(),
  full_name: z.string(),
  username: z.string(),
  email: z.string(),
  sys_dev: z.boolean(),
  super_admin: z.boolean(),
  spaces: z.array(UserSpace),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const AccountLoginInput = z.object({ email: z.email("Enter a valid email address.") });

const customFieldKeys = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const CUSTOM_FIELD_NUMBERS = customFieldKeys;

const customFieldShape = Object.fromEntries(
  customFieldKeys.flatMap((n) => [
    [`location_custom_${n}_alias`, z.string()],
    [`location_custom_${n}_enabled`, z.boolean()],
    [`location_custom_${n}_required`, z.boolean()],
    [`location_custom_${n}_unique`, z.boolean()],
  ]),
) as Record<`location_custom_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}_${"alias"}`, z.ZodString> &
  Record<`location_custom_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}_${"enabled" | "required" | "unique"}`, z.ZodBoolean>;

/** Reply of GET /api/space/{space}/ — timezone and custom-field settings. */
export const Space = z.object({
  space_uuid: z.string(),
  space_name: z.string(),
  space_type: z.string(),
  space_datacenter: z.string(),
  timezone: z.string(),
  global_working_time_enabled: z.boolean(),
  /** Display captures: seconds between two, days they are kept, whether Viewers see them. */
  capture_interval_s: z.number().int(),
  capture_retention_days: z.number().int(),
  viewers_see_captures: z.boolean(),
  /** The caller's role in this space (lets the UI hide what the server would refuse). */
  role: z.object({ uuid: z.string(), name: z.string(), code: z.string() }),
  ...customFieldShape,
});
export type Space = z.infer<typeof Space>;

export const Role = z.object({ uuid: z.string(), name: z.string() });
export type Role = z.infer<typeof Role>;
export const RoleList = z.object({ roles: z.array(Role) });
export type RoleList = z.infer<typeof RoleList>;

const aliasSchema = safeName(z.string().trim().max(256, "Ensure this field has no more than 256 characters."));
const patchShape = Object.fromEntries(
  customFieldKeys.flatMap((n) => [
    [`location_custom_${n}_alias`, aliasSchema.optional()],
    [`location_custom_${n}_enabled`, z.boolean().optional()],
    [`location_custom_${n}_required`, z.boolean().optional()],
    [`location_custom_${n}_unique`, z.boolean().optional()],
  ]),
) as Record<string, z.ZodOptional<z.ZodString> | z.ZodOptional<z.ZodBoolean>>;

const wholeNumber = "Enter a whole number.";
/** The display capture settings an Admin may change (console: Locations › Control panel › Screens). */
export const CaptureSettingsShape = {
  capture_interval_s: z
    .number({ error: wholeNumber })
    .int(wholeNumber)
    .min(CAPTURE_INTERVAL_MIN_S, `Ensure the capture interval is at least ${CAPTURE_INTERVAL_MIN_S} seconds.`)
    .max(CAPTURE_INTERVAL_MAX_S, `Ensure the capture interval is at most ${CAPTURE_INTERVAL_MAX_S} seconds.`),
  capture_retention_days: z
    .number({ error: wholeNumber })
    .int(wholeNumber)
    .min(CAPTURE_RETENTION_MIN_DAYS, `Ensure captures are kept at least ${CAPTURE_RETENTION_MIN_DAYS} day.`)
    .max(CAPTURE_RETENTION_MAX_DAYS, `Ensure captures are kept at most ${CAPTURE_RETENTION_MAX_DAYS} days.`),
  viewers_see_captures: z.boolean({ error: "Choose yes or no." }),
};
export const CaptureSettings = z.object(CaptureSettingsShape);
export type CaptureSettings = z.infer<typeof CaptureSettings>;

/** PATCH /api/space/{space}/ — custom-field and capture settings (Admin only). Unknown keys are refused. */
export const SpacePatch = z.strictObject({ ...patchShape, ...CaptureSettings.partial().shape });
export type SpacePatch = Partial<CaptureSettings> &
  Partial<
    Record<`location_custom_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}_alias`, string> &
      Record<`location_custom_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}_${"enabled" | "required" | "unique"}`, boolean>
  >;

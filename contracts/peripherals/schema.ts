import { z } from "zod";
import { DISPLAY_ORIENTATIONS, Display, Peripheral } from "../devices/detail.ts";

import { MAX_APPS_PER_DISPLAY } from "./values.ts";

export { DISPLAY_RULES, DISPLAY_TEXTS, MAX_APPS_PER_DISPLAY } from "./values.ts";

/**
 * The Peripherals tab's actions (devices.md §2 Peripherals tab, §4 Displays, §6, §7): Detect
 * displays, Detect misc., the display configuration (enabled, primary, resolution, refresh rate,
 * orientation and the applications shown) and the applications a display can show.
 *
 *   GET  /api/space/{space}/device/{id}/peripherals/display/configuration/ → DisplayConfiguration
 *   POST /api/space/{space}/device/{id}/peripherals/display/configuration/
 *        DisplayConfigurationInput → DisplayConfigurationSaved (saved as displays_configuration)
 *   POST /api/space/{space}/device/{id}/peripherals/display/detection/ → DisplayDetectionResult
 *   POST /api/space/{space}/device/{id}/peripherals/detection/         → PeripheralDetectionResult
 *   GET  /api/space/{space}/device/{id}/application/items/             → ApplicationList
 *
 * Detection asks the device's agent (actions "detect-displays" / "detect-peripherals", 30 s like
 * every remote action); an offline device answers 503. Saving the configuration stores it and
 * sends it to the agent ("apply-display-config"); an offline device's configuration is stored
 * and `applied` is false ("Configuration updated, but device is offline"). After a save or a
 * detection the device's room pushes deviceDetailsUpdate so open views refresh.
 */

/** A display's configurable part; position of an application = its index in the list. */
export const DisplayConfigurationEntry = z.object({
  uuid: z.string().min(1).max(64),
  primary: z.boolean(),
  disabled: z.boolean(),
  resolution: z.string().max(32),
  refresh_rate: z.number().positive().max(1000).nullable(),
  orientation: z.enum(DISPLAY_ORIENTATIONS),
  applications: z
    .array(
      z.object({
        uuid: z.string().min(1).max(64),
        /** Chosen values keyed by the template option's deterministic_id. */
        config: z.record(z.string().max(128), z.unknown()).default({}),
      }),
    )
    .max(MAX_APPS_PER_DISPLAY),
});
export type DisplayConfigurationEntry = z.infer<typeof DisplayConfigurationEntry>;

export const DisplayConfigurationInput = z.object({
  displays_configuration: z.array(DisplayConfigurationEntry).max(16),
});
export type DisplayConfigurationInput = z.infer<typeof DisplayConfigurationInput>;

export const DisplayConfiguration = z.object({ displays: z.array(Display) });
export type DisplayConfiguration = z.infer<typeof DisplayConfiguration>;

export const DisplayConfigurationSaved = z.object({
  displays: z.array(Display),
  /** false: stored, but the device is offline and gets it when it next asks (or, with dry_run, did not apply it). */
  applied: z.boolean(),
  /**
   * The agent took the configuration but only wrote it down (no --allow-display): nothing on its
   * screens changed, and the console says so instead of "successfully saved".
   */
  dry_run: z.boolean().optional(),
});
export type DisplayConfigurationSaved = z.infer<typeof DisplayConfigurationSaved>;

/** An application template's option (devices.md §3 Application). */
export const ApplicationOption = z.object({
  type: z.enum(["text_input", "toggle", "select", "radio"]),
  deterministic_id: z.string(),
  name: z.string(),
  placeholder_text: z.string().optional(),
  default_value: z.unknown().optional(),
  possibilities: z
    .array(
      z.union([z.object({ name: z.string(), value: z.unknown() }), z.object({ text: z.string(), value: z.unknown() })]),
    )
    .optional(),
});
export type ApplicationOption = z.infer<typeof ApplicationOption>;

export const ApplicationTemplate = z.object({
  header: z.string(),
  description: z.string(),
  configurable_options: z.array(ApplicationOption),
});
export type ApplicationTemplate = z.infer<typeof ApplicationTemplate>;

/** An application a display of this device can show. */
export const AvailableApplication = z.object({
  uuid: z.string(),
  name: z.string(),
  template: ApplicationTemplate.nullable(),
});
export type AvailableApplication = z.infer<typeof AvailableApplication>;

export const ApplicationList = z.object({ applications: z.array(AvailableApplication) });
export type ApplicationList = z.infer<typeof ApplicationList>;

export const DisplayDetectionResult = z.object({
  displays: z.array(Display),
  /** Displays the agent reported that the device did not have before. */
  new_displays: z.number().int(),
});
export type DisplayDetectionResult = z.infer<typeof DisplayDetectionResult>;

export const PeripheralDetectionResult = z.object({
  peripherals: z.array(Peripheral),
  new_peripherals: z.number().int(),
});
export type PeripheralDetectionResult = z.infer<typeof PeripheralDetectionResult>;

/** What the agent's "detect-displays" answers: { displays: DisplayFinding[] }. Matched by name. */
export const DisplayFinding = z.object({
  name: z.string().min(1).max(128),
  primary: z.boolean().default(false),
  resolution: z.string().max(32).default(""),
  available_resolutions: z.array(z.string().max(32)).max(64).default([]),
  refresh_rate: z.number().nullable().default(null),
  available_refresh_rates: z.record(z.string().max(32), z.array(z.number()).max(32)).default({}),
  orientation: z.enum(DISPLAY_ORIENTATIONS).default("normal"),
  graphical_output: z.string().max(128).default(""),
});
export type DisplayFinding = z.infer<typeof DisplayFinding>;
export const DisplayFindings = z.object({ displays: z.array(DisplayFinding).max(16) });

/**
 * What the agent's "detect-peripherals" answers: { peripherals: PeripheralFinding[] }. `type`
 * is a peripheral type key of contracts/reference.ts; matched by serial number, else by name.
 */
export const PeripheralFinding = z.object({
  name: z.string().min(1).max(128),
  type: z.string().max(64),
  manufacturer: z.string().max(128).default(""),
  model: z.string().max(128).default(""),
  communication_protocol: z.string().max(64).default(""),
  currency: z.string().max(16).default(""),
  serial_number: z.string().max(128).default(""),
  firmware: z.string().max(64).default(""),
  protocol_details: z.string().max(256).default(""),
});
export type PeripheralFinding = z.infer<typeof PeripheralFinding>;
export const PeripheralFindings = z.object({ peripherals: z.array(PeripheralFinding).max(64) });

import { z } from "zod";
import { AppliedApplication } from "../admin/applications.ts";
import { CameraProbeAnswer, CameraProbeParams, CameraSnapshotAnswer } from "../cameras/schema.ts";
import { DetectionResult } from "../detection/schema.ts";
import { DISPLAY_ORIENTATIONS } from "../devices/detail.ts";
import { DisplayFindings, MAX_APPS_PER_DISPLAY, PeripheralFindings } from "../peripherals/schema.ts";
import type { CommandAction } from "../realtime/events.ts";
import { RemoteSharingResult } from "../remote-actions/schema.ts";

/**
 * Remote command outcomes (devices.md §7, §9): what the DeviceRoom's broker answers the API, and
 * the texts the spec gives the failures. Shared by the room (worker/rooms/broker.ts) and the worker's
 * services, so neither imports the other for them.
 */

export { COMMAND_TIMEOUT_MS, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE } from "../remote-actions/values.ts";

/**
 * What the DeviceRoom answers the API for a command (truthful outcomes):
 * - `unavailable`: never written to an agent socket (safe to retry);
 * - `timed_out`: written but not acknowledged by its deadline: the agent refuses it after, so it did not run;
 * - `in_doubt`: acknowledged but its answer did not come back (the agent left, or 30 s passed):
 *   it may have run; the record is updated when the late answer arrives (API: 504 outcome_unknown);
 * - `conflict`: the id names a queued command (or one cancelled or superseded), not a direct one;
 * - `succeeded` / `failed`: the agent's answer (`late` when it came after an in_doubt or timed_out answer).
 */
export type Outcome =
  | { status: "succeeded"; result: Record<string, unknown>; received: boolean; late?: boolean }
  | {
      status: "failed" | "timed_out" | "unavailable" | "in_doubt" | "conflict";
      error: string;
      received: boolean;
      late?: boolean;
    };

const NoParams = z.object({});

/**
 * A screenshot: the JPEG as base64. A repeated request id gets the stored outcome, which the room
 * keeps without the image (it is in R2 already), so the image may be absent.
 */
export const ScreenshotAnswer = z.object({
  image_base64: z.base64().optional(),
  bytes: z.number().int().nonnegative().optional(),
});

/**
 * Power actions: what ran, or with a dry run what would have (the agent's --allow-power:
 * the console says it was a dry run, not "Action successful.").
 */
export const PowerAnswer = z.object({
  dry_run: z.boolean().optional(),
  would_run: z.string().optional(),
  ran: z.string().optional(),
  simulated: z.boolean().optional(),
});

/** The agent's settings after set-enabled / set-debug / set-vision (informational: the API stores its own). */
export const SettingsAnswer = z.object({
  enabled: z.boolean().optional(),
  debug_mode: z.boolean().optional(),
  vision: z.boolean().optional(),
});

/** The agent refuses every action but set-enabled while the device is disabled (devices.md §7's notification). */
export const DEVICE_DISABLED_MESSAGE = "Device is disabled";

/** devices.md §7: a remote action on a device that is not installed (non_connected, installation_pending). */
export const DEVICE_NOT_INSTALLED_MESSAGE = "Action failed. Device not installed.";

/** The most log lines fetch-logs answers (the agent keeps that many: agent/log.ts). */
export const LOG_LINES_MAX = 500;

/** fetch-logs: the agent's recent log lines, oldest first (debug lines only while debug mode is on). */
export const LogsAnswer = z.object({
  lines: z.array(z.string().max(4000)).max(LOG_LINES_MAX),
  debug_mode: z.boolean().optional(),
});

/**
 * A display as apply-display-config sends it (the device's Display; other fields are not read),
 * with the applications it shows, in order, each with its launch definition and option values
 * (contracts/admin/applications.ts). Older servers send no applications: none.
 */
export const AppliedDisplay = z.object({
  uuid: z.string().max(64).optional(),
  name: z.string().min(1),
  graphical_output: z.string().optional(),
  primary: z.boolean(),
  disabled: z.boolean(),
  resolution: z.string(),
  refresh_rate: z.number().nullable(),
  orientation: z.enum(DISPLAY_ORIENTATIONS),
  applications: z.array(AppliedApplication).max(MAX_APPS_PER_DISPLAY).default([]),
});
export type AppliedDisplay = z.infer<typeof AppliedDisplay>;

/** apply-display-config: the xrandr calls run, or (dry run, no X) where the configuration was written. */
export const ApplyDisplayAnswer = z.object({
  dry_run: z.boolean().optional(),
  written_to: z.string().optional(),
  would_run: z.array(z.string()).optional(),
  ran: z.array(z.string()).optional(),
  simulated: z.boolean().optional(),
  applied_displays: z.number().int().optional(),
  /** The applications the agent now supervises (`allowed` false: a dry run, none launched). */
  applications: z.object({ allowed: z.boolean(), configured: z.number().int().min(0) }).optional(),
});

type CommandSpec = { params: z.ZodType; result: z.ZodType };

/**
 * Every remote action's params (what the API sends, what the agent validates before acting) and
 * result (what the agent answers, what the API parses before using it). A CommandAction without
 * an entry, or an entry without an action, fails tsc; so does an agent provider whose params or
 * answer do not fit (agent/providers/types.ts).
 */
export const COMMANDS = {
  "reverse-ssh": { params: NoParams, result: RemoteSharingResult },
  "remote-desktop": { params: NoParams, result: RemoteSharingResult },
  "headless-remote-desktop": { params: NoParams, result: RemoteSharingResult },
  screenshot: { params: NoParams, result: ScreenshotAnswer },
  "instant-reboot": { params: NoParams, result: PowerAnswer },
  "instant-power-off": { params: NoParams, result: PowerAnswer },
  "set-enabled": { params: z.object({ enabled: z.boolean() }), result: SettingsAnswer },
  "set-debug": { params: z.object({ debug_mode: z.boolean() }), result: SettingsAnswer },
  "set-vision": { params: z.object({ enabled: z.boolean() }), result: SettingsAnswer },
  "set-peripheral-enabled": {
    /** `name` / `serial_number`: how the agent recognises the peripheral among those it sees. */
    params: z.object({
      peripheral_uuid: z.string().min(1),
      type: z.string(),
      enabled: z.boolean(),
      name: z.string().max(256).optional(),
      serial_number: z.string().max(256).optional(),
    }),
    /**
     * `authorized`: the hardware itself was switched (a USB device (de)authorised); `monitoring_only`
     * with `reason`: the agent could not switch it, only its monitoring changed.
     */
    result: z.object({
      peripheral_uuid: z.string().optional(),
      enabled: z.boolean().optional(),
      authorized: z.boolean().optional(),
      monitoring_only: z.boolean().optional(),
      reason: z.string().max(500).optional(),
    }),
  },
  /** Answered by the agent's session itself: a telemetry report now, then an empty result. */
  "telemetry-refresh": { params: NoParams, result: z.object({}) },
  /** `scan_uuid`: the scan the answer is for (the agent does not need it). */
  "detect-devices": { params: z.object({ scan_uuid: z.string().optional() }), result: DetectionResult },
  "detect-displays": { params: NoParams, result: DisplayFindings },
  "detect-peripherals": { params: NoParams, result: PeripheralFindings },
  "apply-display-config": {
    params: z.object({ displays: z.array(AppliedDisplay).max(16) }),
    result: ApplyDisplayAnswer,
  },
  "fetch-logs": {
    params: z.object({ limit: z.number().int().min(1).max(LOG_LINES_MAX).optional() }),
    result: LogsAnswer,
  },
  "camera-connection-test": { params: CameraProbeParams, result: CameraProbeAnswer },
  "camera-snapshot": { params: CameraProbeParams, result: CameraSnapshotAnswer },
} as const satisfies Record<CommandAction, CommandSpec>;

type Spec<A extends CommandAction> = (typeof COMMANDS)[A];

/** What a sender (the API, the room) passes as an action's params. */
export type CommandParams<A extends CommandAction> = z.input<Spec<A>["params"]>;
/** An action's result once parsed (what sendCommand resolves with). */
export type CommandResult<A extends CommandAction> = z.output<Spec<A>["result"]>;
/** An action's params once the agent validated them (what its provider gets). */
export type ParsedParams<A extends CommandAction> = z.output<Spec<A>["params"]>;
/** What the agent's provider answers for an action (parsed again by the API). */
export type CommandAnswer<A extends CommandAction> = z.input<Spec<A>["result"]>;

/** The first problem of a params or result that does not fit its schema, for a failure message. */
export const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
};

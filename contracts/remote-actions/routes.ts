import { z } from "zod";
import { outcomeUnknown } from "../commands/routes.ts";
import { LOG_LINES_MAX, LogsAnswer } from "../commands/schema.ts";
import { DeviceDetail } from "../devices/detail.ts";
import { DeviceParam } from "../devices/routes.ts";
import { ApiErrorBody } from "../http/errors.ts";
import { commonErrors, defineRoute, fileResponse, jsonBody, jsonResponse, noContent } from "../http/route.ts";
import { TelemetrySeries } from "../monitoring/schema.ts";
import {
  DebugStatusInput,
  EnabledStatusInput,
  HeadlessSharingInput,
  PeripheralPath,
  PowerControlInput,
  PowerDryRun,
  RemoteSharingInput,
  RemoteSharingResult,
  ScreenCaptureInput,
  ScreenshotResult,
  TelemetryHistory,
  TelemetryQuery,
  TelemetryRefreshInput,
  VisionStatusInput,
} from "./schema.ts";

const tags = ["Remote actions"];

/**
 * The replies of an action the device's agent runs (devices.md §7, §8), besides the common ones:
 * 503 when it was never sent (device_offline) or not acknowledged in 30 s (device_timeout; it did
 * not run), 504 outcome_unknown when it was acknowledged but its answer did not come back, 409
 * when its request_id is a queued command's.
 */
export const agentErrors = {
  502: jsonResponse(ApiErrorBody, "The device's agent refused or failed the action (its message)"),
  503: jsonResponse(
    ApiErrorBody,
    "The device is offline (never sent), or the agent did not take it within 30 s (not run)",
  ),
  409: jsonResponse(
    ApiErrorBody,
    'The request_id names a command queued for the device (follow it on its Commands tab), or the device is disabled (device_disabled, "Device is disabled"); nothing was sent',
  ),
  ...outcomeUnknown,
} as const;

/** The replies of an action the device's agent runs: `schema` (200), the common errors and agentErrors. */
export const agentReply = <S extends z.ZodType>(schema: S, description?: string) =>
  ({ 200: jsonResponse(schema, description), ...commonErrors, ...agentErrors }) as const;

/** The replies of an action the device's agent runs that answers 204. */
const agentDone = { 204: noContent, ...commonErrors, ...agentErrors } as const;

/** A screenshot's file name as the screen-capture reply gives it (`{id}.jpg`). */
export const SCREENSHOT_FILE = /^[A-Za-z0-9_-]+\.jpg$/;

export const remoteSharing = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/remote-sharing",
  summary:
    "Start remote desktop or reverse SSH on the device (reverse SSH: super admins and system developers); Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(RemoteSharingInput) },
  responses: agentReply(RemoteSharingResult, "What the agent reports"),
});

export const headlessRemoteSharing = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/headless-remote-sharing",
  summary: "Start headless remote desktop (VNC) on the device; Content Manager or Admin with the sys_dev flag",
  tags,
  request: { params: DeviceParam, body: jsonBody(HeadlessSharingInput) },
  responses: agentReply(RemoteSharingResult, "What the agent reports"),
});

export const screenCapture = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/screen-capture",
  summary: "Take a screenshot on the device; the reply says where to fetch it. Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(ScreenCaptureInput) },
  responses: agentReply(ScreenshotResult),
});

export const getScreenshot = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/screenshot/{shot}",
  summary: "A screenshot taken by screen-capture (its `screenshot_url`), as JPEG",
  tags,
  request: {
    params: DeviceParam.extend({
      shot: z.string().regex(SCREENSHOT_FILE).meta({ description: "The screenshot's file name, `{id}.jpg`" }),
    }),
  },
  responses: { 200: fileResponse("image/jpeg", "The screenshot (screenshot.jpg)"), ...commonErrors },
});

export const getTelemetry = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/telemetry",
  summary:
    "Without `metric`: the raw history since `since` and the latest report; with `metric` (`from`, `to`): one chart's series",
  tags,
  request: { params: DeviceParam, query: TelemetryQuery },
  responses: {
    200: jsonResponse(z.union([TelemetrySeries, TelemetryHistory]), "A series (with `metric`) or the history"),
    ...commonErrors,
  },
});

export const refreshTelemetry = defineRoute({
  method: "post",
  path: "/space/{space}/device/{uuid}/services-telemetry-refresh",
  summary: "Ask the agent for a telemetry report now; answers once it is done. Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(TelemetryRefreshInput) },
  responses: agentDone,
});

export const agentLogs = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/agent-logs",
  summary:
    "The agent's recent log lines, oldest first (debug lines while debug mode is on, the Logs tab); Content Manager or Admin",
  tags,
  request: {
    params: DeviceParam,
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(LOG_LINES_MAX)
        .optional()
        .meta({ description: `At most this many of the newest lines (default and maximum ${LOG_LINES_MAX})` }),
    }),
  },
  responses: agentReply(LogsAnswer, "The agent's lines"),
});

export const setEnabled = defineRoute({
  method: "patch",
  path: "/space/{space}/device/{uuid}/enabled-status",
  summary: "Enable or disable the device (the agent applies it); Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(EnabledStatusInput) },
  responses: agentReply(DeviceDetail),
});

export const setDebug = defineRoute({
  method: "patch",
  path: "/space/{space}/device/{uuid}/debug-status",
  summary: "Switch the device's debug mode (the agent applies it); Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(DebugStatusInput) },
  responses: agentReply(DeviceDetail),
});

export const setVision = defineRoute({
  method: "patch",
  path: "/space/{space}/device/{uuid}/vision-enabled-status",
  summary: "Enable or disable vision (devices.md §4 vision states); Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(VisionStatusInput) },
  responses: {
    200: jsonResponse(DeviceDetail),
    ...commonErrors,
    ...agentErrors,
    409: jsonResponse(
      ApiErrorBody,
      "A vision status change is already in progress, the request_id names a queued command, or the device is disabled (device_disabled)",
    ),
  },
});

/**
 * The device after a peripheral switch, with what the switch did: `monitoring_only` when the
 * agent could not switch the hardware itself (not a USB device it sees, or no permission) and
 * only its monitoring changed; the console says so instead of "Action successful.".
 */
export const PeripheralEnabledReply = DeviceDetail.extend({
  peripheral_switch: z.object({ monitoring_only: z.boolean(), reason: z.string().optional() }).optional(),
});
export type PeripheralEnabledReply = z.infer<typeof PeripheralEnabledReply>;

export const setPeripheralEnabled = defineRoute({
  method: "patch",
  path: "/space/{space}/device/{uuid}/peripherals/{type}/{peripheral}/enabled-status",
  summary: "Enable or disable a money acceptor, card reader, camera or time attendance lock; Content Manager or Admin",
  tags,
  request: { params: DeviceParam.extend(PeripheralPath.shape), body: jsonBody(EnabledStatusInput) },
  responses: agentReply(PeripheralEnabledReply),
});

export const powerControl = defineRoute({
  method: "post",
  path: "/device/{uuid}/power-control",
  summary:
    "Reboot or power off a device (no space in the path: the caller must be a Content Manager or Admin of its space)",
  tags,
  request: {
    params: z.object({ uuid: z.string().meta({ description: "The device's uuid" }) }),
    body: jsonBody(PowerControlInput),
  },
  responses: {
    200: jsonResponse(PowerDryRun, "A dry run: the agent is not allowed to power the device (--allow-power)"),
    ...agentDone,
  },
});

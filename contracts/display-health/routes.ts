import { z } from "zod";
import { DeviceParam } from "../devices/routes.ts";
import { commonErrors, defineRoute, fileResponse, jsonResponse } from "../http/route.ts";
import { CaptureMetrics, DisplayHealth, DisplayHealthState, PanelState } from "./schema.ts";

const tags = ["Display health"];

/** A capture as the console lists it: its time, state, metrics and where its image is. */
export const CaptureItem = z.object({
  display: z.string(),
  at: z.string().meta({ description: "ISO time the room received it" }),
  state: DisplayHealthState,
  label: z.string(),
  panel: PanelState,
  bytes: z.number().int(),
  metrics: CaptureMetrics.nullable(),
  /** The JPEG (GET), null when there was nothing to capture (unplugged). */
  url: z.string().nullable(),
});
export type CaptureItem = z.infer<typeof CaptureItem>;

export const DisplayCaptures = z.object({
  device_uuid: z.string(),
  /** Each display's state now, as the agent last reported it (empty before its first capture). */
  current: z.array(
    DisplayHealth.extend({ label: z.string(), severity: z.enum(["ok", "warning", "critical", "unknown"]) }),
  ),
  captures: z.array(CaptureItem),
  retention_days: z.number().int(),
});
export type DisplayCaptures = z.infer<typeof DisplayCaptures>;

export const DisplayCapturesQuery = z.object({
  display: z.string().min(1).max(128).optional(),
  from: z.iso.datetime({ offset: true }).optional().meta({ description: "Default: 24 h before `to`" }),
  to: z.iso.datetime({ offset: true }).optional().meta({ description: "Default: now" }),
});

export const listDisplayCaptures = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/display-captures",
  summary: "Each display's health now and its periodic captures (last 24 h by default, at most 7 days)",
  tags,
  request: { params: DeviceParam, query: DisplayCapturesQuery },
  responses: { 200: jsonResponse(DisplayCaptures), ...commonErrors },
});

/** `{time in ms}.jpg` */
export const CAPTURE_FILE = /^(\d{1,15}|latest)\.jpg$/;

export const getDisplayCapture = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/display-captures/{display}/{file}",
  summary: "One display capture, as JPEG",
  tags,
  request: {
    params: DeviceParam.extend({
      display: z.string().min(1).max(128),
      file: z
        .string()
        .regex(CAPTURE_FILE)
        .meta({ description: "`{time in ms}.jpg`, or `latest.jpg` for the display's last capture" }),
    }),
  },
  responses: { 200: fileResponse("image/jpeg", "The capture"), ...commonErrors },
});

import { z } from "zod";
import { TelemetrySeriesQuery } from "../monitoring/schema.ts";
import { TOGGLEABLE_PERIPHERAL_TYPES } from "./values.ts";

export { TOGGLEABLE_PERIPHERAL_TYPES } from "./values.ts";

/** devices.md §7 remote actions. `request_id` (optional) makes a retry run the action at most once. */
const requestId = { request_id: z.string().min(8).max(128).optional() };

export const RemoteSharingInput = z.object({ action: z.enum(["reverse-ssh", "remote-desktop"]), ...requestId });
export const HeadlessSharingInput = z.object({ action: z.literal("remote-desktop"), ...requestId });
export const ScreenCaptureInput = z.object({ action: z.literal("screenshot"), ...requestId });
export const PowerControlInput = z.object({ action: z.enum(["instant-reboot", "instant-power-off"]), ...requestId });
/**
 * 200 of power-control when the agent only did a dry run (it was not started with --allow-power):
 * nothing was powered, and the console says so instead of "Action successful.".
 * A real reboot or power-off answers 204 (devices.md §7).
 */
export const PowerDryRun = z.object({ dry_run: z.literal(true), would_run: z.string().optional() });
export type PowerDryRun = z.infer<typeof PowerDryRun>;
export const EnabledStatusInput = z.object({ enabled: z.boolean(), ...requestId });
export const DebugStatusInput = z.object({ debug_mode: z.boolean(), ...requestId });
/** POST …/services-telemetry-refresh/: an optional JSON body (a call without a body still works). */
export const TelemetryRefreshInput = z.object({ ...requestId });
export const PeripheralPath = z.object({
  type: z.enum(TOGGLEABLE_PERIPHERAL_TYPES, {
    error: "Peripheral type must be one of money-acceptor, card-reader, camera, time-attendance-lock.",
  }),
  peripheral: z.string().min(1),
});
export const VisionStatusInput = z.object({ enabled: z.boolean(), ...requestId });

/** What the agent reports for a sharing action (the spec does not show it; the console shows a port or URL). */
export const RemoteSharingResult = z
  .object({ port: z.number().optional(), host: z.string().optional(), url: z.string().optional() })
  .catchall(z.unknown());
export type RemoteSharingResult = z.infer<typeof RemoteSharingResult>;

export const ScreenshotResult = z.object({ screenshot_url: z.string() });
export type ScreenshotResult = z.infer<typeof ScreenshotResult>;

/**
 * GET …/device/{id}/telemetry/: without `metric`, the DeviceRoom's raw history since `since`
 * (1 sample/min, 24 h) and the latest report (TelemetryHistory); with `metric` (and `from`,
 * `to`), a chart's series (contracts/monitoring/schema.ts TelemetrySeries).
 */
export const TelemetryQuery = TelemetrySeriesQuery.partial({ metric: true }).extend({
  since: z.iso.datetime({ offset: true }).optional(),
});
export type TelemetryQuery = z.infer<typeof TelemetryQuery>;
export const TelemetryHistory = z.object({
  device_uuid: z.string(),
  telemetry_updated_at: z.string().nullable(),
  latest: z.record(z.string(), z.unknown()).nullable(),
  history: z.array(z.object({ at: z.string(), telemetry: z.record(z.string(), z.unknown()) })),
});

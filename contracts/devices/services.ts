import { z } from "zod";

/**
 * The services the agent really supervises (Asset Info → Services): the agent itself, the
 * vision service, the headless VNC desktop and the reverse SSH tunnel, each with its real
 * state, since when and how often it restarted. The applications on the displays are reported
 * apart (contracts/admin/applications.ts) and shown beside these. Reported in telemetry, so an
 * offline device shows the last known state with its time (telemetry_updated_at).
 */
export const SERVICE_KINDS = ["agent", "application", "vision", "vnc", "ssh_tunnel", "remote_desktop"] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/**
 * - `running` / `starting`: up (or coming up);
 * - `stopped`: not running, and not meant to (switched off, no session);
 * - `failed`: meant to run but exited or could not be started (`last_error` says why);
 * - `not_installed`: nothing configured on this device (e.g. no --vision-command).
 */
export const SERVICE_STATES = ["running", "starting", "stopped", "failed", "not_installed"] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

export const ServiceStatus = z.object({
  name: z.string().max(128),
  kind: z.enum(SERVICE_KINDS),
  state: z.enum(SERVICE_STATES),
  /** Epoch ms of the last state change (a running service's uptime); null: never ran. */
  since: z.number().int().nullable().default(null),
  restarts: z.number().int().min(0).default(0),
  last_error: z.string().max(500).nullable().default(null),
});
export type ServiceStatus = z.infer<typeof ServiceStatus>;

/** The vision service as telemetry reports it: the kept setting and whether one is installed. */
export const VisionReport = z.object({
  enabled: z.boolean(),
  /** false: no vision service is configured on the device (no --vision-command or --vision-unit). */
  installed: z.boolean().optional(),
});

/** The console's text for a device without a vision service (the switch is disabled). */
export const VISION_NOT_INSTALLED_MESSAGE = "Vision is not installed on this device";

import { z } from "zod";
import { ApplicationsReport } from "../admin/applications.ts";
import { DisplayHealthReport } from "../display-health/schema.ts";
import { ServiceStatus, VisionReport } from "./services.ts";

/**
 * The spec's Telemetry (devices.md §3) as an agent reports it (contracts/realtime/events.ts) and as the API
 * returns the latest report (contracts/devices/detail.ts). Beyond the spec: thermal, gpu,
 * disk_health and the network interfaces' state and error counters.
 */
export const Telemetry = z.object({
  cpu: z
    .object({
      status: z.number(),
      cores: z.number(),
      threads: z.number(),
      load1: z.number(),
      load5: z.number(),
      load15: z.number(),
    })
    .optional(),
  uptime: z.object({ status: z.number(), uptime: z.number(), idle: z.number() }).optional(),
  ram: z
    .object({ status: z.number(), total: z.number(), free: z.number(), swap_total: z.number(), swap_free: z.number() })
    .optional(),
  storage: z
    .object({
      status: z.number(),
      partitions: z.array(z.object({ name: z.string(), size: z.number(), free: z.number() })).max(64),
    })
    .optional(),
  network: z
    .object({
      status: z.number().optional(),
      devices: z
        .array(
          z.object({
            name: z.string(),
            rx_bytes: z.number(),
            tx_bytes: z.number(),
            /** Interface state (operstate up); a down interface that carries the default route is critical. */
            up: z.boolean().optional(),
            rx_errors: z.number().optional(),
            tx_errors: z.number().optional(),
            rx_packets: z.number().optional(),
            tx_packets: z.number().optional(),
          }),
        )
        .max(64),
    })
    .optional(),
  /** CPU temperature (beyond the spec's list; the spec's Device has thermal_status and cpu_temperature). */
  thermal: z.object({ status: z.number(), cpu_temperature: z.number().nullable() }).optional(),
  /** GPU utilisation where the platform reports it (null: not available). */
  gpu: z
    .object({
      status: z.number(),
      utilization: z.number().nullable(),
      devices: z
        .array(z.object({ model: z.string(), utilization: z.number().nullable(), temperature: z.number().nullable() }))
        .max(16),
    })
    .optional(),
  /** Disk health: SMART where available, else graded on usage (`source`). */
  disk_health: z
    .object({
      status: z.number(),
      source: z.enum(["smart", "usage"]),
      drives: z
        .array(
          z.object({
            name: z.string(),
            model: z.string().optional(),
            status: z.number(),
            smart: z.string().nullable(),
          }),
        )
        .max(64),
    })
    .optional(),
  /** The applications the agent supervises on each display (contracts/admin/applications.ts). */
  applications: ApplicationsReport.optional(),
  /** Each display's health from its periodic capture and connector (contracts/display-health/schema.ts). */
  display_health: DisplayHealthReport.optional(),
  /** Whether vision processing is on on the device (the agent's kept setting) and whether one is installed. */
  vision: VisionReport.optional(),
  /** The services the agent supervises, with their real state (contracts/devices/services.ts). */
  services: z.array(ServiceStatus).max(32).optional(),
  peripherals: z
    .object({
      devicesInfo: z
        .array(
          z.object({
            name: z.string(),
            type: z.string(),
            enabled: z.boolean(),
            combined_status: z.number(),
            status: z.array(z.number()),
          }),
        )
        .max(64),
    })
    .optional(),
});
export type Telemetry = z.infer<typeof Telemetry>;

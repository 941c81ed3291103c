import { z } from "zod";

/**
 * Remote actions the DeviceRoom brokers to the agent (devices.md §7). Each has its params and
 * result schema in contracts/commands/schema.ts COMMANDS (tsc fails when the two lists differ).
 */
export const CommandAction = z.enum([
  "reverse-ssh",
  "remote-desktop",
  "headless-remote-desktop",
  "screenshot",
  "instant-reboot",
  "instant-power-off",
  "set-enabled",
  "set-debug",
  "set-vision",
  "set-peripheral-enabled",
  "telemetry-refresh",
  /** Scan the local network for machines (Detect Devices); result: contracts/detection/schema.ts DetectionResult. */
  "detect-devices",
  /** Peripherals tab (contracts/peripherals/schema.ts): DisplayFindings, PeripheralFindings, and applying a saved display configuration. */
  "detect-displays",
  "detect-peripherals",
  "apply-display-config",
  /** The agent's recent log lines (the device's Logs tab); result: COMMANDS["fetch-logs"]. */
  "fetch-logs",
  /** A runner checks an IP camera of its location: HTTP and RTSP reachability (contracts/cameras/schema.ts). */
  "camera-connection-test",
  /** A runner fetches a JPEG snapshot of an IP camera of its location (contracts/cameras/schema.ts). */
  "camera-snapshot",
]);
export type CommandAction = z.infer<typeof CommandAction>;

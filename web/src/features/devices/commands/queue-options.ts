import "@/lib/i18n/locales/en-commands";
import "@/lib/i18n/locales/en-agent-settings";
import type { CommandAction } from "@contracts/commands/action";
import { ENABLED_SUPERSEDE_KEY, QUEUE_TTL_DEFAULT_S, QUEUE_TTL_MAX_S } from "@contracts/commands/queue-values";
import type { MessageKey } from "@/lib/i18n";

/**
 * What an offline device can be given to do when it is back: Disable / Enable (a lost or stolen
 * device is disabled the moment it reconnects, before anything else), power actions, a fresh
 * telemetry report and debug mode. Remote desktop, RSSH and screenshots are not queued: they are
 * interactive and only make sense while someone waits for them.
 */
export type QueueChoice = "enabled" | "reboot" | "shutdown" | "telemetry" | "debug";

export type QueuePlan = {
  action: CommandAction;
  params: Record<string, unknown>;
  /** A newer command with the same key replaces the pending one (two debug changes: the last wins). */
  supersede_key?: string;
  title: MessageKey;
  text: MessageKey;
  /** Power actions confirm in the destructive colour. */
  destructive: boolean;
};

/** The command a choice queues; Disable / Enable and debug mode ask for the opposite of what the device has now. */
export function queuePlan(choice: QueueChoice, device: { debug_mode: boolean; enabled?: boolean }): QueuePlan {
  switch (choice) {
    case "enabled": {
      const disable = device.enabled !== false;
      return {
        action: "set-enabled",
        params: { enabled: !disable },
        supersede_key: ENABLED_SUPERSEDE_KEY,
        title: disable ? "device.queue.disable" : "device.queue.enable",
        text: disable ? "device.queue.disableText" : "device.queue.enableText",
        destructive: disable,
      };
    }
    case "reboot":
      return {
        action: "instant-reboot",
        params: {},
        title: "device.queue.reboot",
        text: "device.queue.rebootText",
        destructive: true,
      };
    case "shutdown":
      return {
        action: "instant-power-off",
        params: {},
        title: "device.queue.shutdown",
        text: "device.queue.shutdownText",
        destructive: true,
      };
    case "telemetry":
      return {
        action: "telemetry-refresh",
        params: {},
        supersede_key: "telemetry-refresh",
        title: "device.queue.telemetry",
        text: "device.queue.telemetryText",
        destructive: false,
      };
    case "debug":
      return {
        action: "set-debug",
        params: { debug_mode: !device.debug_mode },
        supersede_key: "debug-mode",
        title: device.debug_mode ? "device.queue.debugOff" : "device.queue.debugOn",
        text: "device.queue.debugText",
        destructive: false,
      };
  }
}

export type QueueTtl = "1h" | "24h" | "7d";

/** The TTL choices of the queue dialog (24 h is the API's default, 7 days its maximum). */
export const QUEUE_TTLS: ReadonlyArray<{ value: QueueTtl; seconds: number; label: MessageKey }> = [
  { value: "1h", seconds: 3600, label: "device.queue.ttl.1h" },
  { value: "24h", seconds: QUEUE_TTL_DEFAULT_S, label: "device.queue.ttl.24h" },
  { value: "7d", seconds: QUEUE_TTL_MAX_S, label: "device.queue.ttl.7d" },
];
export const DEFAULT_QUEUE_TTL: QueueTtl = "24h";

export const ttlSeconds = (ttl: QueueTtl) =>
  QUEUE_TTLS.find((option) => option.value === ttl)?.seconds ?? QUEUE_TTL_DEFAULT_S;

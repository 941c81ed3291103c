import "@/lib/i18n/locales/en-display-health";
import type { DisplayHealth } from "@contracts/display-health/schema";
import { DISPLAY_HEALTH_SEVERITY, type DisplayHealthState, withPresence } from "@contracts/display-health/values";
import type { Telemetry } from "@contracts/realtime/events";
import type { MessageKey } from "@/lib/i18n";

/** The spec's health colours: ok green, warning amber, critical red; unknown muted. */
export const HEALTH_TONE = {
  ok: "border-transparent bg-success/12 text-success",
  warning: "border-warning/50 bg-warning/12 text-foreground",
  critical: "border-destructive/40 bg-destructive/12 text-destructive",
  unknown: "text-muted-foreground",
} as const;

/** The tick colour of a capture in the strip's timeline. */
export const HEALTH_FILL = {
  ok: "bg-success",
  warning: "bg-warning",
  critical: "bg-destructive",
  unknown: "bg-muted-foreground/40",
} as const;

export const stateKey = (state: DisplayHealthState) => `displayHealth.state.${state}` as MessageKey;
export const severityOf = (state: DisplayHealthState) => DISPLAY_HEALTH_SEVERITY[state];

/** The displays' health in the latest telemetry; "Player offline" for each while the device is offline. */
export const displaysHealth = (telemetry: Telemetry | null | undefined, online: boolean): DisplayHealth[] =>
  withPresence(telemetry?.display_health ?? [], online);

/** A display's health in the latest telemetry: the same name, or the same output before the "@". */
export function displayHealthOf(
  telemetry: Telemetry | null | undefined,
  name: string,
  online = true,
): DisplayHealth | null {
  const all = displaysHealth(telemetry, online);
  return all.find((h) => h.display === name) ?? all.find((h) => h.display.split("@")[0] === name.split("@")[0]) ?? null;
}

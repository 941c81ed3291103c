import "@/lib/i18n/locales/en-incidents";
import type { AlertConditionKind, Incident, IncidentState } from "@contracts/alerting/schema";
import type { MessageKey } from "@/lib/i18n";

/**
 * An incident's age, short and to the minute: "< 1 min", "12 min", "3 h 05 min", "2 d 4 h" (the
 * screens redraw it every 10 s, so seconds would read wrong). A time in the future (clock skew) is
 * "< 1 min".
 */
export function formatAge(fromIso: string, now: number): string {
  const at = Date.parse(fromIso);
  if (Number.isNaN(at)) return "";
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return "< 1 min";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** How long the incident lasted (resolved) or has lasted so far. */
export const incidentAge = (incident: Pick<Incident, "opened_at" | "resolved_at">, now: number) =>
  incident.resolved_at
    ? formatAge(incident.opened_at, Date.parse(incident.resolved_at))
    : formatAge(incident.opened_at, now);

export const stateLabel: Record<IncidentState, MessageKey> = {
  open: "incidents.state.open",
  acknowledged: "incidents.state.acknowledged",
  resolved: "incidents.state.resolved",
  suppressed: "incidents.state.suppressed",
};

export const conditionLabel: Record<AlertConditionKind, MessageKey> = {
  device_offline: "incidents.condition.device_offline",
  health: "incidents.condition.health",
  application_crashed: "incidents.condition.application_crashed",
  location_offline: "incidents.condition.location_offline",
  command_failures: "incidents.condition.command_failures",
};

/** The state's label, with the reason for a suppressed one. */
export function stateText(incident: Pick<Incident, "state" | "suppressed_reason">): MessageKey {
  if (incident.state === "suppressed" && incident.suppressed_reason)
    return `incidents.suppressed.${incident.suppressed_reason}`;
  return stateLabel[incident.state];
}

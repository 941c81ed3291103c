import type { Incident, IncidentDevice } from "../../../contracts/alerting/schema.ts";
import { ALERT_CONDITIONS, type AlertConditionKind } from "../../../contracts/alerting/schema.ts";

/** An incident row as SQL returns it (raw statements: JSON columns are text). */
export type IncidentRow = {
  uuid: string;
  space_uuid: string;
  rule_uuid: string;
  rule_name: string;
  condition_kind: string;
  location_uuid: string;
  location_name: string;
  state: Incident["state"];
  suppressed_reason: Incident["suppressed_reason"];
  devices: string | IncidentDevice[];
  peak_devices: number;
  opened_at: string;
  acknowledged_by_uuid: string | null;
  acknowledged_by_name: string | null;
  acknowledged_at: string | null;
  resolved_by_uuid: string | null;
  resolved_by_name: string | null;
  resolved_at: string | null;
  note: string | null;
  updated_at: string;
};

const who = (uuid: string | null, name: string | null) => (uuid ? { uuid, name: name ?? "" } : null);
const kindOf = (kind: string): AlertConditionKind =>
  (ALERT_CONDITIONS as readonly string[]).includes(kind) ? (kind as AlertConditionKind) : "device_offline";

/** The API's Incident from its row. */
export function incidentOf(row: IncidentRow): Incident {
  const devices = typeof row.devices === "string" ? (JSON.parse(row.devices) as IncidentDevice[]) : row.devices;
  return {
    uuid: row.uuid,
    rule: { uuid: row.rule_uuid, name: row.rule_name, condition: kindOf(row.condition_kind) },
    location: { uuid: row.location_uuid, name: row.location_name },
    state: row.state,
    suppressed_reason: row.suppressed_reason,
    devices,
    devices_count: devices.length,
    peak_devices: row.peak_devices,
    opened_at: row.opened_at,
    acknowledged_by: who(row.acknowledged_by_uuid, row.acknowledged_by_name),
    acknowledged_at: row.acknowledged_at,
    resolved_by: who(row.resolved_by_uuid, row.resolved_by_name),
    resolved_at: row.resolved_at,
    note: row.note,
    updated_at: row.updated_at,
  };
}

/** The space room's event for an incident after a change. */
export const incidentEventOf = (spaceUuid: string, incident: Incident, opened: boolean) =>
  ({
    type: "incidentUpdate",
    event: opened
      ? "incidentOpened"
      : incident.state === "resolved"
        ? "incidentResolved"
        : incident.state === "suppressed"
          ? "incidentSuppressed"
          : incident.state === "acknowledged"
            ? "incidentAcknowledged"
            : "incidentUpdated",
    space_uuid: spaceUuid,
    incident_uuid: incident.uuid,
    location_uuid: incident.location.uuid,
    incident,
  }) as const;

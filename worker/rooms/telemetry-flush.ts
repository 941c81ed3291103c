import { applicationsSignature } from "../../contracts/admin/applications.ts";
import { DEVICE_HEADINGS } from "../../contracts/devices/health.ts";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import { conditionsOf } from "../services/monitoring/conditions.ts";

/** Latest telemetry whose health is unchanged goes to D1 at most this often. */
export const TELEMETRY_REWRITE_MS = 15 * 60_000;

/** What was last written to D1: when, and the health statuses it carried. */
export type Written = { at: number; health: string };

/**
 * Every health status a sample carries, as one comparable string: the conditions D1 would get
 * from it (worker/services/monitoring/conditions.ts conditionsOf: each heading, "-" for one the
 * sample lacks, so a heading that appears or disappears is a change too) and each peripheral's
 * status by type and name, and what each display's applications are doing.
 */
export function healthSignature(t: Telemetry): string {
  const { columns } = conditionsOf(t);
  const headings = DEVICE_HEADINGS.map(({ column }) => columns[column] ?? "-");
  const peripherals = columns.peripherals_status.map((p) => `${p.type}/${p.device}=${p.status}`).sort();
  // Applications' states too: a start, crash or recovery reaches D1 (only transitions do).
  const applications = t.applications ? [applicationsSignature(t.applications)] : [];
  return [...headings, ...peripherals, ...applications].join("|");
}

/**
 * Whether a sample goes to D1 (the list's conditions and counts, latest_telemetry): when any
 * health status differs from the last write, so counts stay live, else once the last write is
 * TELEMETRY_REWRITE_MS old. Agents report every minute: an unchanged device costs one D1 write
 * per 15 minutes instead of one per sample.
 */
export function shouldWrite(last: Written | null, now: number, health: string): boolean {
  if (!last) return true;
  return last.health !== health || now - last.at >= TELEMETRY_REWRITE_MS;
}

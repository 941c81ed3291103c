import type { Telemetry } from "../contracts/realtime.ts";

/** Latest telemetry whose health is unchanged goes to D1 at most this often. */
export const TELEMETRY_REWRITE_MS = 15 * 60_000;

/** What was last written to D1: when, and the health statuses it carried. */
export type Written = { at: number; health: string };

/**
 * Every health status a sample carries, as one comparable string: the device's own headings
 * and each peripheral's combined status (by name). A heading the sample lacks counts as "-",
 * so a heading that appears or disappears is a change too.
 */
export function healthSignature(t: Telemetry): string {
  const headings = [
    t.cpu?.status,
    t.thermal?.status,
    t.uptime?.status,
    t.ram?.status,
    t.storage?.status,
    t.disk_health?.status,
    t.gpu?.status,
    t.network?.status,
  ].map((s) => (s === undefined ? "-" : String(s)));
  const peripherals = (t.peripherals?.devicesInfo ?? []).map((p) => `${p.type}/${p.name}=${p.combined_status}`).sort();
  return [...headings, ...peripherals].join("|");
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

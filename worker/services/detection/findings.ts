import { eq, isNotNull, sql } from "drizzle-orm";
import type { DetectionFinding } from "../../../contracts/detection/schema.ts";
import { deviceTable as d, detectedDeviceTable as dd } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { inSpace } from "../kernel/scope.ts";

/*
 * What a scan's answers mean: the runners' findings merged into one list of machines, and which
 * of them the space already knows as devices.
 */

/** MACs are compared in lower case with colons (agents may send AA-BB-…). */
export const normalMac = (mac: string) => mac.trim().toLowerCase().replaceAll("-", ":");

/**
 * The findings of every runner as one list: one machine per MAC (else per IP; a finding with
 * neither is dropped). A later finding fills what an earlier one left empty (name, IP, a known
 * type instead of unknown).
 */
export function mergeFindings(results: readonly DetectionFinding[][]): DetectionFinding[] {
  const byKey = new Map<string, DetectionFinding>();
  for (const finding of results.flat()) {
    const mac = normalMac(finding.mac_address);
    const ip = finding.ip_address.trim();
    const key = mac ? `mac:${mac}` : ip ? `ip:${ip}` : null;
    if (!key) continue;
    const next = { ...finding, mac_address: mac, ip_address: ip, name: finding.name.trim() };
    const known = byKey.get(key);
    byKey.set(
      key,
      known
        ? {
            name: known.name || next.name,
            ip_address: known.ip_address || next.ip_address,
            mac_address: mac,
            device_type: known.device_type === "unknown" ? next.device_type : known.device_type,
          }
        : next,
    );
  }
  return [...byKey.values()];
}

/**
 * The devices a finding already is: a device of the space with that MAC, else a machine
 * installed from an earlier detection at this location with that MAC or IP.
 */
export async function knownMachines(ctx: SpaceCtx, locationUuid: string, findings: readonly DetectionFinding[]) {
  const macs = [...new Set(findings.map((f) => f.mac_address).filter(Boolean))];
  const byMac = new Map<string, string>();
  if (macs.length) {
    const mac = sql`lower(replace(mac.value, '-', ':'))`;
    const rows = await ctx.db.all<{ uuid: string; mac: string }>(
      sql`select ${d.uuid} as uuid, ${mac} as mac from ${d}, json_each(${d.mac_addresses}) as mac
          where ${d.space_uuid} = ${ctx.space.space_uuid}
            and ${mac} in (select value from json_each(${JSON.stringify(macs)}))`,
    );
    for (const row of rows) byMac.set(row.mac, row.uuid);
  }
  const installed = await ctx.db
    .select({ mac: dd.mac_address, ip: dd.ip_address, device_uuid: dd.device_uuid })
    .from(dd)
    .where(inSpace(ctx, dd, eq(dd.location_uuid, locationUuid), isNotNull(dd.device_uuid)));
  const before = new Map<string, string>();
  for (const row of installed) {
    if (!row.device_uuid) continue;
    if (row.mac) before.set(`mac:${normalMac(row.mac)}`, row.device_uuid);
    if (row.ip) before.set(`ip:${row.ip}`, row.device_uuid);
  }
  return (finding: DetectionFinding): string | null =>
    (finding.mac_address && byMac.get(finding.mac_address)) ||
    (finding.mac_address && before.get(`mac:${finding.mac_address}`)) ||
    (finding.ip_address && before.get(`ip:${finding.ip_address}`)) ||
    null;
}

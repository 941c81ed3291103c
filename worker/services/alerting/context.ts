import { and, eq, getTableColumns, gt, isNull, or } from "drizzle-orm";
import { DEVICE_HEADINGS } from "../../../contracts/devices/health.ts";
import type { Weekday } from "../../../contracts/locations/working-time.ts";
import {
  alertRuleTable,
  deviceTable as d,
  deviceTagTable,
  devicePeripheralConditionTable as dpc,
  locationTable as l,
  locationGroupLocationTable,
  locationTagTable,
  maintenanceWindowTable,
  spaceTable,
  workingTimeTable as w,
} from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import { locationTimeZone, type WeeklySchedule } from "../locations/working-hours.ts";
import type { DeviceFacts, LocationFacts, Rule } from "./conditions.ts";

/*
 * What a LocationRoom reads of D1 to evaluate its rules: the location (clock, schedule, groups,
 * tags, maintenance windows), its installed devices with their health, and the space's rules.
 * ONE batch, read when the room starts and then at most every CONTEXT_TTL_MS (or when the API
 * says rules or windows changed) — never per device or per heartbeat. Between reads the room
 * keeps device facts current from the transitions it is told of.
 */

export const CONTEXT_TTL_MS = 5 * 60_000;

export type AlertContext = {
  location: LocationFacts;
  devices: DeviceFacts[];
  rules: Rule[];
  loaded_at: number;
};

export async function loadContext(env: Env, locationUuid: string, now: number): Promise<AlertContext | null> {
  const db = createDb(env);
  const at = new Date(now).toISOString();
  const [locations, hours, groups, tags, devices, deviceTags, peripherals, rules, windows] = await db.batch([
    db
      .select({
        uuid: l.uuid,
        name: l.name,
        space_uuid: l.space_uuid,
        timezone: l.timezone,
        global_timezone_enabled: l.global_timezone_enabled,
        global_working_time_enabled: l.global_working_time_enabled,
        space_timezone: spaceTable.timezone,
      })
      .from(l)
      .innerJoin(spaceTable, eq(spaceTable.space_uuid, l.space_uuid))
      .where(eq(l.uuid, locationUuid)),
    db
      .select({ location_uuid: w.location_uuid, day: w.day, start: w.start, end: w.end })
      .from(w)
      .innerJoin(l, eq(l.space_uuid, w.space_uuid))
      .where(and(eq(l.uuid, locationUuid), or(eq(w.location_uuid, locationUuid), isNull(w.location_uuid)))),
    db
      .select({ uuid: locationGroupLocationTable.location_group_uuid })
      .from(locationGroupLocationTable)
      .where(eq(locationGroupLocationTable.location_uuid, locationUuid)),
    db
      .select({ uuid: locationTagTable.tag_uuid })
      .from(locationTagTable)
      .where(eq(locationTagTable.location_uuid, locationUuid)),
    db
      .select({
        uuid: d.uuid,
        name: d.name,
        type_uuid: d.device_type_uuid,
        online: d.online,
        ...Object.fromEntries(DEVICE_HEADINGS.map((h) => [h.key, d[h.column]])),
      })
      .from(d)
      .where(and(eq(d.location_uuid, locationUuid), eq(d.connected_status, "connected"), eq(d.enabled, true))),
    db
      .select({ device_uuid: deviceTagTable.device_uuid, tag_uuid: deviceTagTable.tag_uuid })
      .from(deviceTagTable)
      .innerJoin(d, eq(d.uuid, deviceTagTable.device_uuid))
      .where(eq(d.location_uuid, locationUuid)),
    db
      .select({ device_uuid: dpc.device_uuid, type: dpc.type, condition: dpc.condition })
      .from(dpc)
      .innerJoin(d, eq(d.uuid, dpc.device_uuid))
      .where(eq(d.location_uuid, locationUuid)),
    // Only the rule's columns: D1 returns a batch's rows keyed by column name (a join's `uuid` would collide).
    db
      .select(getTableColumns(alertRuleTable))
      .from(alertRuleTable)
      .innerJoin(l, eq(l.space_uuid, alertRuleTable.space_uuid))
      .where(and(eq(l.uuid, locationUuid), eq(alertRuleTable.enabled, true))),
    db
      .select(getTableColumns(maintenanceWindowTable))
      .from(maintenanceWindowTable)
      .innerJoin(l, eq(l.space_uuid, maintenanceWindowTable.space_uuid))
      .where(and(eq(l.uuid, locationUuid), gt(maintenanceWindowTable.end, at))),
  ]);
  const loc = locations[0];
  if (!loc) return null;
  const source = loc.global_working_time_enabled ? null : loc.uuid;
  const schedule: Partial<Record<Weekday, { start: string; end: string }[]>> = {};
  let entries = 0;
  for (const row of hours) {
    if (row.location_uuid !== source) continue;
    schedule[row.day] = [...(schedule[row.day] ?? []), { start: row.start, end: row.end }];
    entries++;
  }
  const groupUuids = groups.map((g) => g.uuid);
  const tagUuids = tags.map((t) => t.uuid);
  const location: LocationFacts = {
    uuid: loc.uuid,
    name: loc.name,
    space_uuid: loc.space_uuid,
    group_uuids: groupUuids,
    tag_uuids: tagUuids,
    hours: entries
      ? { schedule: schedule as WeeklySchedule, time_zone: locationTimeZone(loc, loc.space_timezone) }
      : null,
    // Only the windows that can touch this location (its own, its groups', tags anywhere).
    maintenance: windows
      .filter(
        (m) =>
          m.scope_kind === "tag" ||
          (m.scope_kind === "location" && m.scope_uuid === loc.uuid) ||
          (m.scope_kind === "group" && groupUuids.includes(m.scope_uuid)),
      )
      .map((m) => ({
        uuid: m.uuid,
        scope_kind: m.scope_kind,
        scope_uuid: m.scope_uuid,
        start: Date.parse(m.start),
        end: Date.parse(m.end),
      })),
  };
  const facts: DeviceFacts[] = devices.map((row) => {
    const r = row as unknown as Record<string, unknown> & {
      uuid: string;
      name: string;
      type_uuid: string | null;
      online: boolean;
    };
    const health: Record<string, number> = {};
    for (const h of DEVICE_HEADINGS) if (typeof r[h.key] === "number") health[h.key] = r[h.key] as number;
    for (const p of peripherals)
      if (p.device_uuid === r.uuid && typeof p.condition === "number") health[p.type] = p.condition;
    return {
      uuid: r.uuid,
      name: r.name,
      type_uuid: r.type_uuid,
      tags: deviceTags.filter((t) => t.device_uuid === r.uuid).map((t) => t.tag_uuid),
      online: r.online,
      health,
      app: "ok",
      failures: [],
    };
  });
  return {
    location,
    devices: facts,
    rules: rules.map((r) => ({
      uuid: r.uuid,
      name: r.name,
      condition: r.condition,
      scope: r.scope,
      duration_s: r.duration_s,
      channels: r.channels,
      enabled: r.enabled,
    })),
    loaded_at: now,
  };
}

/** The locations whose rooms must re-read their context after a maintenance window changes. */
export async function locationsOfScope(
  env: Env,
  space: string,
  scope: { kind: "location" | "group" | "tag"; uuid: string },
): Promise<string[]> {
  const db = createDb(env);
  if (scope.kind === "location") return [scope.uuid];
  if (scope.kind === "group") {
    const rows = await db
      .select({ uuid: locationGroupLocationTable.location_uuid })
      .from(locationGroupLocationTable)
      .where(
        and(
          eq(locationGroupLocationTable.location_group_uuid, scope.uuid),
          eq(locationGroupLocationTable.space_uuid, space),
        ),
      );
    return rows.map((r) => r.uuid);
  }
  const [byLocation, byDevice] = await db.batch([
    db
      .select({ uuid: locationTagTable.location_uuid })
      .from(locationTagTable)
      .where(and(eq(locationTagTable.tag_uuid, scope.uuid), eq(locationTagTable.space_uuid, space))),
    db
      .selectDistinct({ uuid: d.location_uuid })
      .from(deviceTagTable)
      .innerJoin(d, eq(d.uuid, deviceTagTable.device_uuid))
      .where(and(eq(deviceTagTable.tag_uuid, scope.uuid), eq(deviceTagTable.space_uuid, space))),
  ]);
  return [...new Set([...byLocation, ...byDevice].map((r) => r.uuid).filter((u): u is string => u !== null))];
}

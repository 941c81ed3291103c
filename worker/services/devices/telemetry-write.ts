import type { Env } from "../../env.ts";
import { uuidsOf } from "./batch-sql.ts";
import { gatherer } from "./gatherer.ts";

/*
 * The latest telemetry writes of many rooms, gathered across rooms (gatherer.ts) into D1 batches
 * of five statements; records.ts recordTelemetry pushes them.
 */

/** The device columns a telemetry write sets from conditionsOf's `columns` (monitoring/conditions.ts). */
const TELEMETRY_COLUMNS = [
  "cpu_condition",
  "thermal_condition",
  "uptime_condition",
  "ram_condition",
  "storage_condition",
  "disk_health_condition",
  "gpu_condition",
  "network_condition",
  "peripherals_condition",
  "combined_status",
  "thermal_status",
  "cpu_temperature",
  "network_status",
  "peripherals_status",
] as const;

export type TelemetryItem = {
  env: Env;
  device_uuid: string;
  /** The report as the agent sent it (latest_telemetry). */
  telemetry: unknown;
  /** When (ISO): telemetry_updated_at. */
  at: string;
  /** conditionsOf(telemetry): the device's columns, and its worst condition per monitored peripheral type. */
  columns: Record<(typeof TELEMETRY_COLUMNS)[number], unknown>;
  peripherals: { type: string; condition: number }[];
};
/** What the room needs after the write: the device, and its peripheral conditions as they were. */
export type TelemetryRow = {
  space: string;
  name: string;
  location: string | null;
  stored: { type: string; condition: number }[];
};

/**
 * Latest telemetry of many devices in one D1 batch of five statements (what recordTelemetry did per
 * device): the stored peripheral conditions and the devices are read, the devices updated (their
 * report and the monitoring columns derived from it), and a device's condition rows deleted and
 * inserted only where SQLite finds they differ from the new set.
 */
async function writeTelemetry(
  items: TelemetryItem[],
  owner: TelemetryItem = items[0],
): Promise<(TelemetryRow | undefined)[]> {
  const { env } = owner;
  const byDevice = new Map(items.map((i) => [i.device_uuid, i]));
  const json = JSON.stringify(
    [...byDevice.values()].map((i) => ({
      u: i.device_uuid,
      v: { t: i.telemetry, at: i.at, c: i.columns, p: i.peripherals },
    })),
  );
  const j = `(select json_extract(value, '$.u') as u, json_extract(value, '$.v') as v from json_each(?1))`;
  // A device's stored rows differ from its new set: another count, or a stored row the set lacks.
  const differs = `((select count(*) from device_peripheral_condition y where y.device_uuid = j.u) <> json_array_length(j.v, '$.p')
    or exists (select 1 from device_peripheral_condition y where y.device_uuid = j.u and not exists (
      select 1 from json_each(j.v, '$.p') w
      where json_extract(w.value, '$.type') = y.type and json_extract(w.value, '$.condition') = y.condition)))`;
  const set = TELEMETRY_COLUMNS.map((c) => `${c} = json_extract(j.v, '$.c.${c}')`).join(", ");
  const db = env.DB;
  const [stored, devices] = await db.batch([
    db
      .prepare(
        `select device_uuid, type, condition from device_peripheral_condition where device_uuid in ${uuidsOf(1)}`,
      )
      .bind(json),
    db
      .prepare(
        `select uuid, space_uuid as space, name, location_uuid as location from device where uuid in ${uuidsOf(1)}`,
      )
      .bind(json),
    db
      .prepare(
        `update device set latest_telemetry = json_extract(j.v, '$.t'), telemetry_updated_at = json_extract(j.v, '$.at'), ${set}
        from ${j} as j where device.uuid = j.u`,
      )
      .bind(json),
    db
      .prepare(
        `delete from device_peripheral_condition where device_uuid in (select j.u from ${j} as j where ${differs})`,
      )
      .bind(json),
    // Inserted only where no row is left: none stored, or all just deleted as different. The
    // space is the device's (no device, no rows).
    db
      .prepare(
        `insert into device_peripheral_condition (space_uuid, device_uuid, type, condition)
        select d.space_uuid, d.uuid, json_extract(w.value, '$.type'), json_extract(w.value, '$.condition')
        from ${j} as j join device d on d.uuid = j.u join json_each(j.v, '$.p') w
        where not exists (select 1 from device_peripheral_condition y where y.device_uuid = j.u)`,
      )
      .bind(json),
  ]);
  const before = new Map<string, { type: string; condition: number }[]>();
  for (const r of stored.results as { device_uuid: string; type: string; condition: number }[]) {
    before.set(r.device_uuid, [...(before.get(r.device_uuid) ?? []), { type: r.type, condition: r.condition }]);
  }
  const found = new Map(
    (devices.results as { uuid: string; space: string; name: string; location: string | null }[]).map((r) => [
      r.uuid,
      r,
    ]),
  );
  return items.map((i) => {
    const row = found.get(i.device_uuid);
    return row
      ? { space: row.space, name: row.name, location: row.location, stored: before.get(i.device_uuid) ?? [] }
      : undefined;
  });
}

const telemetryWrites = gatherer(writeTelemetry);

/** A device's latest telemetry, written with the others of its batch (see writeTelemetry). */
export const gatherTelemetry = (item: TelemetryItem): Promise<TelemetryRow | undefined> => telemetryWrites.push(item);

/** Batches and devices written so far (presence-batch.ts gatheredSoFar). */
export const telemetryStats = telemetryWrites.stats;

import type { AgentInventory } from "../../../contracts/installation/schema.ts";
import type { deviceTable } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { gatherer } from "./gatherer.ts";

/*
 * The hellos' inventory writes of a reconnect wave, gathered across rooms (gatherer.ts) into one
 * statement per batch; records.ts recordInventory pushes them.
 */

/** The inventory columns a hello may set, as the device table names them (device_type is the enrolment's). */
const INVENTORY_TEXT = [
  "operating_system_name",
  "operating_system_version",
  "operating_system_architecture",
  "motherboard_manufacturer",
  "motherboard_product_name",
  "cpu_model",
  "cpu_version",
  "cpu_manufacturer",
  "ram_size",
  "external_ip_address",
  "installation_image_uuid",
  "installation_image_name",
  "salt_minion_id",
  "machine_id",
] as const;
/** JSON columns: json_extract gives their JSON text, which is what the column holds. */
const INVENTORY_JSON = ["local_ip_addresses", "mac_addresses", "graphic_cards", "storage_drives"] as const;

export type HelloItem = { env: Env; device_uuid: string; machine_id?: string | null; inventory: AgentInventory };
type VisionState = (typeof deviceTable.$inferSelect)["vision_enabled"];
/**
 * The device's space, name and the settings the catalogue holds, after the hello's write, with
 * its space's display-capture settings (the room keeps these, device-captures.ts seedSettings).
 */
export type HelloRow = {
  space: string;
  name: string;
  enabled: boolean;
  debug_mode: boolean;
  vision: VisionState;
  capture: { days: number; interval: number } | null;
};

/**
 * The hellos' inventories of many devices in one statement: each device's columns the agent sent
 * (a key it left out keeps its value; a machine_id only when it sent one), never an archived
 * device's; it returns each device's settings for the comparison with what the agent reports,
 * and its space's capture settings: the room needs them after its first hello, and reading them
 * here spares a reconnect wave one SELECT per room.
 */
async function writeHellos(items: HelloItem[], owner: HelloItem = items[0]): Promise<(HelloRow | undefined)[]> {
  const { env } = owner;
  const byDevice = new Map(items.map((i) => [i.device_uuid, i]));
  const json = JSON.stringify(
    [...byDevice.values()].map((i) => {
      const { device_type: _type, ...inventory } = i.inventory;
      const v: Record<string, unknown> = Object.fromEntries(
        Object.entries(inventory).filter(([, x]) => x !== undefined),
      );
      if (i.machine_id) v.machine_id = i.machine_id;
      return { u: i.device_uuid, v };
    }),
  );
  const set = [...INVENTORY_TEXT, ...INVENTORY_JSON]
    .map(
      (c) => `${c} = case when json_type(j.v, '$.${c}') is null then device.${c} else json_extract(j.v, '$.${c}') end`,
    )
    .join(",\n      ");
  const result = await env.DB.prepare(
    `update device set ${set}
    from (select json_extract(value, '$.u') as u, json_extract(value, '$.v') as v from json_each(?1)) as j
    where device.uuid = j.u and device.connected_status <> 'archived'
    returning uuid, space_uuid, name, enabled, debug_mode, vision_enabled,
      (select capture_retention_days from space where space.space_uuid = device.space_uuid) as capture_retention_days,
      (select capture_interval_s from space where space.space_uuid = device.space_uuid) as capture_interval_s`,
  )
    .bind(json)
    .all<{
      uuid: string;
      space_uuid: string;
      name: string;
      enabled: number;
      debug_mode: number;
      vision_enabled: VisionState;
      capture_retention_days: number | null;
      capture_interval_s: number | null;
    }>();
  const found = new Map(result.results.map((r) => [r.uuid, r]));
  return items.map((i) => {
    const r = found.get(i.device_uuid);
    return r
      ? {
          space: r.space_uuid,
          name: r.name,
          enabled: !!r.enabled,
          debug_mode: !!r.debug_mode,
          vision: r.vision_enabled,
          capture:
            r.capture_retention_days === null || r.capture_interval_s === null
              ? null
              : { days: r.capture_retention_days, interval: r.capture_interval_s },
        }
      : undefined;
  });
}

/** This isolate's writer: each batch is written with the env of the room whose push started it. */
const hellos = gatherer(writeHellos);

/** A hello's inventory, written with the others of its batch (see writeHellos). */
export const gatherHello = (item: HelloItem): Promise<HelloRow | undefined> => hellos.push(item);

/** Batches and devices written so far (presence-batch.ts gatheredSoFar). */
export const helloStats = hellos.stats;

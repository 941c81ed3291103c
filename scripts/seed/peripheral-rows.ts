/** The demo's peripherals as rows of the peripheral table (the simulator's plan, written by the seed). */

import { type DemoDeviceSpec, SPACE_UUID_OF } from "../../agent/sim/demo-data.ts";
import { CATALOG, type PlannedPeripheral } from "../../agent/sim/demo-peripherals.ts";
import type { Rng } from "../../agent/sim/prng.ts";
import { PERIPHERAL_TYPE_UUID } from "../../contracts/reference.ts";
import type { peripheralTable } from "../../drizzle/schema/index.ts";

export function peripheralRows(
  devices: readonly DemoDeviceSpec[],
  plans: Map<string, PlannedPeripheral[]>,
  rng: Rng,
  at: (d: DemoDeviceSpec) => string,
): (typeof peripheralTable.$inferInsert)[] {
  return devices.flatMap((d) =>
    (plans.get(d.uuid) ?? []).map((p) => {
      const c = CATALOG[p.type];
      const money = p.type === "coin_acceptor" || p.type === "bill_acceptor" || p.type === "card_reader";
      return {
        uuid: p.uuid,
        space_uuid: SPACE_UUID_OF[d.space],
        device_uuid: d.uuid,
        peripheral_type_uuid: PERIPHERAL_TYPE_UUID[p.type],
        name: p.name,
        enabled: p.enabled,
        manufacturer: c.manufacturer,
        model: c.model,
        communication_protocol: c.protocol,
        currency: money ? (d.location === "mostar_old_town" ? "BAM" : "EUR") : "",
        serial_number: `${c.manufacturer.slice(0, 3).toUpperCase()}${rng.int(100000, 999999)}${rng.hex(2).toUpperCase()}`,
        firmware: c.firmware,
        protocol_details: c.details,
        status: p.status,
        created_at: at(d),
        updated_at: at(d),
      };
    }),
  );
}

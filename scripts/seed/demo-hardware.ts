/**
 * What each seeded device's agent reports when the console asks it to detect displays or
 * peripherals: its seeded rows as the agent's findings. Written into devices.json (with the
 * credentials) so the simulator answers detect-displays / detect-peripherals with the same names
 * as the seed, and a detection on a seeded device finds nothing new (agent/sim/hardware.ts).
 */
import type { AppliedApplication } from "../../contracts/admin/applications.ts";
import { ApplicationLaunch } from "../../contracts/admin/applications.ts";
import type { DisplayFinding, PeripheralFinding } from "../../contracts/peripherals/schema.ts";
import { PERIPHERAL_TYPES } from "../../contracts/reference.ts";
import type {
  ApplicationConfig,
  displayApplicationTable,
  displayTable,
  peripheralTable,
} from "../../drizzle/schema/index.ts";

/** `applications`: each seeded display's applications as apply-display-config would send them (the simulator runs them). */
export type SeededHardware = {
  displays: DisplayFinding[];
  peripherals: PeripheralFinding[];
  applications?: { display: string; display_uuid: string; application: AppliedApplication }[];
};

export function seededHardware(
  displays: readonly (typeof displayTable.$inferInsert)[],
  peripherals: readonly (typeof peripheralTable.$inferInsert)[],
  links: readonly (typeof displayApplicationTable.$inferInsert)[] = [],
  applications: readonly { uuid: string; name: string; config: ApplicationConfig }[] = [],
): Map<string, SeededHardware> {
  const out = new Map<string, SeededHardware>();
  const of = (device: string) => {
    const known = out.get(device) ?? { displays: [], peripherals: [] };
    out.set(device, known);
    return known;
  };
  for (const d of displays) {
    of(d.device_uuid).displays.push({
      name: d.name,
      primary: d.primary ?? false,
      resolution: d.resolution ?? "",
      available_resolutions: d.available_resolutions ?? [],
      refresh_rate: d.refresh_rate ?? null,
      available_refresh_rates: d.available_refresh_rates ?? {},
      orientation: d.orientation ?? "normal",
      graphical_output: d.graphical_output ?? "",
    });
  }
  for (const link of [...links].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))) {
    const display = displays.find((d) => d.uuid === link.display_uuid);
    const app = applications.find((a) => a.uuid === link.application_uuid);
    if (!display?.uuid || !app) continue;
    const launch = ApplicationLaunch.safeParse(app.config.launch);
    const known = of(display.device_uuid);
    known.applications ??= [];
    known.applications.push({
      display: display.name,
      display_uuid: display.uuid,
      application: {
        uuid: app.uuid,
        name: app.name,
        launch: launch.success ? launch.data : null,
        options: link.config ?? {},
      },
    });
  }
  for (const p of peripherals) {
    const type = PERIPHERAL_TYPES.find((t) => t.uuid === p.peripheral_type_uuid)?.key ?? "unknown";
    of(p.device_uuid).peripherals.push({
      name: p.name,
      type,
      manufacturer: p.manufacturer ?? "",
      model: p.model ?? "",
      communication_protocol: p.communication_protocol ?? "",
      currency: p.currency ?? "",
      serial_number: p.serial_number ?? "",
      firmware: p.firmware ?? "",
      protocol_details: p.protocol_details ?? "",
    });
  }
  return out;
}

import { describe, expect, it } from "vitest";
import { ALWAYS_CRASH_LOOPING } from "../../agent/sim/apps.ts";
import { DEMO_DEVICE_SPECS } from "../../agent/sim/demo-data.ts";
import { FAULTS, planPeripherals } from "../../agent/sim/demo-peripherals.ts";
import { episodeAt } from "../../agent/sim/episodes.ts";
import { createRng } from "../../agent/sim/prng.ts";
import { simAttached, virtualMachine } from "../../agent/sim/simulator.ts";
import { episodeKinds, simProfile } from "../../agent/sim/telemetry.ts";
import { MONITORED_PERIPHERAL_TYPES } from "../../contracts/devices/health.ts";
import { Telemetry } from "../../contracts/realtime/events.ts";
import { conditionsOf } from "../../worker/services/monitoring/conditions.ts";
import { buildDemoSeed } from "../seed-demo.ts";
import { buildFleet, HEALTH } from "./demo-fleet.ts";

const NOW = Date.parse("2026-11-23T10:00:00Z");
const HEADINGS = [
  "cpu_condition",
  "thermal_condition",
  "uptime_condition",
  "ram_condition",
  "storage_condition",
  "disk_health_condition",
  "gpu_condition",
  "network_condition",
  "peripherals_condition",
] as const;

describe("the demo seed and the simulator agree", () => {
  const fleet = buildFleet(DEMO_DEVICE_SPECS, NOW, createRng(1), planPeripherals(DEMO_DEVICE_SPECS));

  it("seeds latest telemetry that parses and conditions the room would write for it", () => {
    const withTelemetry = fleet.devices.filter((d) => d.latest_telemetry);
    expect(withTelemetry.length).toBeGreaterThan(30);
    const monitored = new Set<string>(MONITORED_PERIPHERAL_TYPES);
    for (const row of withTelemetry) {
      const telemetry = Telemetry.parse(row.latest_telemetry);
      const { columns } = conditionsOf(telemetry);
      for (const key of HEADINGS) expect([row.name, key, row[key]]).toEqual([row.name, key, columns[key]]);
      // Types as contracts/devices/health.ts names them (not the API's slugs such as money-acceptor).
      for (const p of telemetry.peripherals?.devicesInfo ?? []) {
        expect(monitored.has(p.type) || ["camera", "time_attendance_lock", "document_scanner"].includes(p.type)).toBe(
          true,
        );
      }
    }
    const critical = withTelemetry.filter((d) => d.combined_status === 3).map((d) => d.name);
    expect(critical).toEqual(
      expect.arrayContaining(["ST Self-checkout 2", "ZG Boardroom Display", "MO Exchange Kiosk"]),
    );
    expect(fleet.peripheralConditions).toContainEqual(
      expect.objectContaining({ type: "bill_acceptor", condition: 3, device_uuid: uuidOf("MO Exchange Kiosk") }),
    );
  });

  it("a simulated seeded device outside any episode reports the seed's conditions", async () => {
    const { access } = await buildDemoSeed({ now: NOW });
    let compared = 0;
    for (const device of access.filter((a) => a.credential)) {
      const row = fleet.devices.find((d) => d.uuid === device.uuid);
      const spec = DEMO_DEVICE_SPECS.find((d) => d.uuid === device.uuid);
      if (!row?.latest_telemetry || !spec || spec.type === "unknown") continue;
      const profile = simProfile({
        uuid: device.uuid,
        device_type: spec.type,
        peripherals: simAttached(device),
        chronic: HEALTH[device.name],
        peripheralFaults: FAULTS[device.name],
        now: NOW,
      });
      if (episodeKinds(profile).some((kind) => episodeAt(device.uuid, kind, NOW))) continue;
      // An application crash-looping on a display (agent/sim/apps.ts) is news the seed does not carry.
      if (ALWAYS_CRASH_LOOPING.has(device.name) || episodeAt(device.uuid, "app_crash_loop", NOW)) continue;
      const sent = await virtualMachine(device, () => {}, { now: () => NOW }).telemetry();
      const { columns } = conditionsOf(sent);
      for (const key of HEADINGS) {
        // Uptime is the one heading that may differ: the seed's device has run for its online time.
        if (key === "uptime_condition" && row.uptime_condition === 0) continue;
        expect([row.name, key, columns[key]]).toEqual([row.name, key, row[key]]);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });
});

function uuidOf(name: string) {
  const spec = DEMO_DEVICE_SPECS.find((d) => d.name === name);
  if (!spec) throw new Error(name);
  return spec.uuid;
}

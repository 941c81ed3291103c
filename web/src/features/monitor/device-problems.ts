import { DEVICE_HEADINGS, type DeviceHeading } from "@contracts/devices/health";
import type { MonitoringDevice } from "@contracts/monitoring/schema";

export type Problem =
  | { kind: "heading"; heading: DeviceHeading; condition: 2 | 3 }
  | { kind: "peripheral"; name: string; type: string | undefined; condition: 2 | 3 };

const bad = (code: number | null | undefined): code is 2 | 3 => code === 2 || code === 3;

/** A device's warning and critical conditions, criticals first, headings in the spec's order before peripherals. */
export function problemsOf(device: MonitoringDevice): Problem[] {
  const problems: Problem[] = [];
  for (const { key, column } of DEVICE_HEADINGS) {
    const condition = device[column];
    if (bad(condition)) problems.push({ kind: "heading", heading: key, condition });
  }
  for (const peripheral of device.peripherals_status) {
    if (bad(peripheral.status))
      problems.push({
        kind: "peripheral",
        name: peripheral.device,
        type: peripheral.type,
        condition: peripheral.status,
      });
  }
  // A stable sort keeps the spec's order inside each condition.
  return problems.sort((a, b) => b.condition - a.condition);
}

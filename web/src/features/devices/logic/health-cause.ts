import type { DeviceDetail } from "@contracts/devices/detail";
import { DEVICE_HEADINGS, type DeviceHeading, type HealthCode } from "@contracts/devices/health";
import { headingCodes, reportWorst } from "@/features/monitor/report/device-health";

/** One reason for a device's health: a heading of its own (with a detail, e.g. SMART's verdict) or a peripheral. */
export type HealthCause =
  | { kind: "heading"; heading: DeviceHeading; code: 2 | 3; detail?: string }
  | { kind: "peripheral"; name: string; code: 2 | 3 };

type CauseFields = Parameters<typeof headingCodes>[0] & Pick<DeviceDetail, "peripherals_status">;

const bad = (code: number | null | undefined): code is 2 | 3 => code === 2 || code === 3;

/**
 * Why a device has its health (the header's "Critical — Disk health: predicted failure"): the
 * worst code as the report computes it, and its warning and critical causes, criticals first,
 * headings in the spec's order before peripherals.
 */
export function healthCauses(device: CauseFields): { code: HealthCode | null; causes: HealthCause[] } {
  const codes = headingCodes(device);
  const causes: HealthCause[] = [];
  for (const { key } of DEVICE_HEADINGS) {
    const code = codes[key];
    if (!bad(code)) continue;
    causes.push({ kind: "heading", heading: key, code, detail: detailOf(device, key) });
  }
  const peripherals = device.latest_telemetry?.peripherals?.devicesInfo;
  const reported = peripherals
    ? peripherals.map((p) => ({ name: p.name, status: p.combined_status }))
    : device.peripherals_status.map((p) => ({ name: p.device, status: p.status }));
  for (const p of reported) if (bad(p.status)) causes.push({ kind: "peripheral", name: p.name, code: p.status });
  return { code: reportWorst(device), causes: causes.sort((a, b) => b.code - a.code) };
}

/** What a heading's own report says beyond its code: SMART's verdict on a failing drive. */
function detailOf(device: CauseFields, heading: DeviceHeading): string | undefined {
  if (heading !== "disk_health") return undefined;
  const drive = device.latest_telemetry?.disk_health?.drives?.find((d) => bad(d.status) && d.smart);
  return drive?.smart ? drive.smart.toLowerCase() : undefined;
}

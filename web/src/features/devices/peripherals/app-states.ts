import type { DisplayApplications } from "@contracts/admin/applications";
import type { DeviceDetail } from "@contracts/devices/detail";

type Fields = Pick<DeviceDetail, "latest_telemetry">;

/**
 * What the agent last reported of a display's applications (telemetry `applications`, live with
 * telemetrySample): matched by the display's uuid, else its name. Null when the agent reported
 * nothing for it (an older agent, or the display is disabled: nothing runs there).
 */
export function displayApplications(
  device: Fields,
  display: { uuid: string; name: string },
): DisplayApplications | null {
  const displays = device.latest_telemetry?.applications?.displays ?? [];
  return (
    displays.find((d) => d.display_uuid === display.uuid) ?? displays.find((d) => d.display === display.name) ?? null
  );
}

/** Whether the agent runs applications (false: its dry run; null: it said nothing). */
export const appsAllowed = (device: Fields) => device.latest_telemetry?.applications?.allowed ?? null;

/** The chip's look of a display's (or an application's) state: its health first, then the word. */
export function stateTone(state: string, status: number): "ok" | "info" | "warning" | "critical" | "muted" {
  if (status >= 3) return "critical";
  if (status === 2 || state === "crashed") return "warning";
  if (state === "running") return "ok";
  if (state === "starting") return "info";
  return "muted";
}

/** Uptime or time in the state, short: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function sinceText(since: number, now: number): string {
  const s = Math.max(0, Math.round((now - since) / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

import "@/lib/i18n/locales/en-agent-settings";
import type { DeviceDetail } from "@contracts/devices/detail";
import type { ServiceKind } from "@contracts/devices/services";
import type { MessageKey } from "@/lib/i18n";

/** How a row's state looks: its word, and a tone (never colour alone: the word is always shown). */
export type ServiceTone = "good" | "busy" | "bad" | "idle";

export type ServiceRow = {
  key: string;
  name: string;
  kind: ServiceKind;
  label: MessageKey;
  tone: ServiceTone;
  /** Epoch ms since when it is in this state (uptime while running); null: never ran. */
  since: number | null;
  restarts: number;
  /** Restarts counted over the last hour (applications) rather than since the agent started. */
  restartsLastHour: boolean;
  error: string | null;
};

export type ServicesView =
  | { kind: "none" }
  | {
      kind: "list";
      rows: ServiceRow[];
      /** The device is offline: this is the last known state, reported at `reportedAt` (never shown as live). */
      stale: boolean;
      reportedAt: string | null;
    };

const SERVICE_LOOK: Record<string, { label: MessageKey; tone: ServiceTone }> = {
  running: { label: "device.services.state.running", tone: "good" },
  starting: { label: "device.services.state.starting", tone: "busy" },
  stopped: { label: "device.services.state.stopped", tone: "idle" },
  failed: { label: "device.services.state.failed", tone: "bad" },
  not_installed: { label: "device.services.state.notInstalled", tone: "idle" },
};

const APP_LOOK: Record<string, { label: MessageKey; tone: ServiceTone }> = {
  running: { label: "device.services.state.running", tone: "good" },
  starting: { label: "device.services.state.starting", tone: "busy" },
  crashed: { label: "device.services.state.crashed", tone: "bad" },
  dry_run: { label: "device.services.state.dryRun", tone: "idle" },
  no_launch: { label: "device.services.state.noLaunch", tone: "idle" },
};

/**
 * Asset Info → Services from the device's latest telemetry: the services the agent supervises
 * (agent, vision, headless VNC, SSH tunnel) and each application on each display, with their
 * real state. An offline device's rows are its last known state with the report's time, never
 * live green. No report yet: nothing to show.
 */
export function servicesView(
  device: Pick<DeviceDetail, "online" | "latest_telemetry" | "telemetry_updated_at">,
): ServicesView {
  const telemetry = device.latest_telemetry;
  const services = telemetry?.services ?? [];
  const displays = telemetry?.applications?.displays ?? [];
  if (!telemetry || (services.length === 0 && displays.length === 0)) return { kind: "none" };
  const rows: ServiceRow[] = services.map((s, i) => ({
    key: `${s.kind}-${i}`,
    name: s.name,
    kind: s.kind,
    ...(SERVICE_LOOK[s.state] ?? SERVICE_LOOK.stopped),
    since: s.since,
    restarts: s.restarts,
    restartsLastHour: false,
    error: s.last_error,
  }));
  for (const display of displays) {
    const screen = display.display.split("@")[0];
    for (const app of display.applications) {
      const look = app.crash_loop
        ? { label: "device.services.state.crashLoop" as MessageKey, tone: "bad" as const }
        : (APP_LOOK[app.state] ?? APP_LOOK.no_launch);
      rows.push({
        key: `app-${display.display}-${app.uuid}`,
        name: `${app.name} (${screen})`,
        kind: "application",
        ...look,
        since: app.since,
        restarts: app.restarts_last_hour,
        restartsLastHour: true,
        error: app.error,
      });
    }
  }
  return { kind: "list", rows, stale: !device.online, reportedAt: device.telemetry_updated_at };
}

/** "3 d 4 h", "2 h 5 min", "12 min", "40 s": how long a service has been in its state. */
export function shortDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}

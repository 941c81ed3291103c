import type { ApplicationsReport } from "../../contracts/admin/applications.ts";
import { worst } from "../../contracts/devices/health.ts";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import type { Machine } from "../session.ts";

type Info = NonNullable<Telemetry["peripherals"]>["devicesInfo"][number];

/** Whether a reported screen is this display: the same name, or the same output before the "@". */
const sameScreen = (info: Info, display: string) =>
  info.type === "display" && (info.name === display || info.name.split("@")[0] === display.split("@")[0]);

/**
 * A telemetry report with the applications' state: `applications` as reported, and each display's
 * application health folded into its screen's devicesInfo entry (type "display"), so the device's
 * "Displays" heading, its combined status and the monitoring counts see a crashed application
 * (2) or a crash loop (3). A display in trouble without a screen entry gets one.
 */
export function withApplications(telemetry: Telemetry, report: ApplicationsReport): Telemetry {
  const infos = [...(telemetry.peripherals?.devicesInfo ?? [])];
  for (const d of report.displays) {
    if (d.applications.length === 0) continue;
    const at = infos.findIndex((p) => sameScreen(p, d.display));
    if (at === -1) {
      // No screen entry: one only for a problem (a healthy display adds no heading the machine did not report).
      if (d.status > 0 && infos.length < 64) {
        infos.push({ name: d.display, type: "display", enabled: true, combined_status: d.status, status: [d.status] });
      }
      continue;
    }
    const info = infos[at];
    infos[at] = {
      ...info,
      status: [...info.status, d.status],
      combined_status: worst([info.combined_status, d.status]) ?? info.combined_status,
    };
  }
  return { ...telemetry, applications: report, peripherals: { devicesInfo: infos } };
}

/**
 * The agent's machine with its applications in every telemetry report. After `quickNext()`, the
 * next report is the last full one with the applications as they are now: what the agent sends
 * at once on a change, without measuring everything again (a full one before there is any).
 */
export function applicationsMachine(
  machine: Machine,
  apps: { report: () => ApplicationsReport },
): Machine & { quickNext: () => void } {
  let last: Telemetry | null = null;
  let quick = false;
  return {
    ...machine,
    telemetry: async () => {
      const cached = quick ? last : null;
      quick = false;
      if (!cached) last = await machine.telemetry();
      return withApplications(cached ?? (last as Telemetry), apps.report());
    },
    quickNext: () => {
      quick = true;
    },
  };
}

/** Calls `fn` at most once per `ms`, trailing (a burst of changes → one report after it). */
export function throttled(fn: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}

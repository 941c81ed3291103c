import "@/lib/i18n/locales/en-peripherals";
import type { AppRunState, DisplayApplications } from "@contracts/admin/applications";
import type { DeviceDetail } from "@contracts/devices/detail";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { appsAllowed, displayApplications, sinceText, stateTone } from "./app-states";

const TONE = {
  ok: "border-transparent bg-success/12 text-success",
  info: "border-transparent bg-info/12 text-info",
  warning: "border-warning/50 bg-warning/12 text-foreground",
  critical: "border-destructive/40 bg-destructive/12 text-destructive",
  muted: "text-muted-foreground",
} as const;

type Device = Pick<DeviceDetail, "latest_telemetry" | "online">;

/** A state as a chip: "Crash loop" when the application (or one of the display's) is looping. */
function StateChip({ state, status, stale }: { state: string; status: number; stale: boolean }) {
  const t = useT();
  const word = status >= 3 ? t("device.apps.crashLoop") : t(`device.apps.state.${state}` as MessageKey);
  return (
    <Badge
      variant="outline"
      data-app-state={state}
      data-app-status={status}
      title={stale ? t("device.apps.lastKnown") : undefined}
      className={cn(stale ? TONE.muted : TONE[stateTone(state, status)], stale && "border-dashed")}
    >
      {word}
    </Badge>
  );
}

/** The display row's chip: what its applications are doing (the last known state while the device is offline). */
export function DisplayAppChip({ device, display }: { device: Device; display: { uuid: string; name: string } }) {
  const report = displayApplications(device, display);
  if (!report) return null;
  return <StateChip state={report.state} status={report.status} stale={!device.online} />;
}

/** Ticks every second while shown, so uptimes and restart countdowns stay true. */
function useNow() {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The side panel's account of a display's applications, one row each: state, uptime, restarts
 * in the last hour, the last exit (code or signal) and its error; a dry run says what would run.
 */
export function DisplayAppStates({ device, display }: { device: Device; display: { uuid: string; name: string } }) {
  const t = useT();
  const now = useNow();
  const report: DisplayApplications | null = displayApplications(device, display);
  const allowed = appsAllowed(device);
  return (
    <section className="flex flex-col gap-2" aria-label={t("device.apps.title")} data-testid="display-app-states">
      <div className="flex items-center gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t("device.apps.title")}
        </h4>
        {report && <StateChip state={report.state} status={report.status} stale={!device.online} />}
      </div>
      {!device.online && report && <p className="text-xs text-muted-foreground">{t("device.apps.lastKnown")}</p>}
      {!report && <p className="text-xs text-muted-foreground">{t("device.apps.noReport")}</p>}
      {allowed === false && report && report.applications.length > 0 && (
        <p className="text-xs text-muted-foreground">{t("device.apps.dryRun")}</p>
      )}
      {report && report.applications.length > 0 && (
        <ul className="flex flex-col divide-y rounded-md border text-xs">
          {report.applications.map((app) => (
            <AppRow key={app.uuid} app={app} now={now} stale={!device.online} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AppRow({ app, now, stale }: { app: AppRunState; now: number; stale: boolean }) {
  const t = useT();
  const facts = [
    app.state === "running" ? t("device.apps.up", { time: sinceText(app.since, now) }) : null,
    app.state === "starting" ? t("device.apps.for", { time: sinceText(app.since, now) }) : null,
    app.restarts_last_hour > 0 ? t("device.apps.restarts", { count: app.restarts_last_hour }) : null,
    app.state === "crashed" && app.signal ? t("device.apps.signal", { signal: app.signal }) : null,
    app.state === "crashed" && app.exit_code !== null ? t("device.apps.exitCode", { code: app.exit_code }) : null,
    app.state === "crashed" && app.restart_at && app.restart_at > now && !stale
      ? t("device.apps.restartIn", { time: sinceText(now, app.restart_at) })
      : null,
  ].filter((f) => f !== null);
  return (
    <li className="flex flex-col gap-1 px-3 py-2" data-app={app.uuid}>
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium">{app.name}</span>
        <StateChip state={app.state} status={app.crash_loop ? 3 : app.state === "crashed" ? 2 : 0} stale={stale} />
      </div>
      {facts.length > 0 && <span className="text-muted-foreground">{facts.join(" · ")}</span>}
      {app.error && (
        <span className={cn("break-words", app.state === "crashed" ? "text-destructive" : "text-muted-foreground")}>
          {app.state === "crashed" ? app.error : t("device.apps.lastError", { error: app.error })}
        </span>
      )}
      {app.would_run && (
        <code className="rounded bg-muted px-1.5 py-1 font-mono text-[11px] break-all text-muted-foreground">
          {app.would_run}
        </code>
      )}
    </li>
  );
}

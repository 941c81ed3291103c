import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-agent-settings";
import type { DeviceDetail } from "@contracts/devices/detail";
import {
  AppWindowIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  CircleDashedIcon,
  EyeIcon,
  LoaderCircleIcon,
  type LucideIcon,
  MonitorIcon,
  ServerIcon,
  TerminalSquareIcon,
  WifiOffIcon,
} from "lucide-react";
import { useNow } from "@/features/monitor/use-now";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";
import { type ServiceRow, type ServiceTone, servicesView, shortDuration } from "../logic/services-view";

const KIND_ICON: Record<ServiceRow["kind"], LucideIcon> = {
  agent: ServerIcon,
  application: AppWindowIcon,
  vision: EyeIcon,
  vnc: MonitorIcon,
  ssh_tunnel: TerminalSquareIcon,
  remote_desktop: MonitorIcon,
};

const TONE: Record<ServiceTone, { icon: LucideIcon; className: string }> = {
  good: { icon: CircleCheckIcon, className: "text-status-online" },
  busy: { icon: LoaderCircleIcon, className: "text-info" },
  bad: { icon: CircleAlertIcon, className: "text-destructive" },
  idle: { icon: CircleDashedIcon, className: "text-muted-foreground" },
};

/**
 * Asset Info → Services: what the agent really supervises (itself, each application on its
 * display, vision, headless VNC, the SSH tunnel) with state, time in that state and restarts, as
 * last reported. An offline device's rows are greyed under a note with the report's time: the
 * last known state, never live green.
 */
export function AssetServices({ device }: { device: DeviceDetail }) {
  const { t, lang } = useI18n();
  const now = useNow();
  const view = servicesView(device);
  if (view.kind === "none") {
    return (
      <p data-testid="services-none" className="text-sm text-muted-foreground">
        {t("device.services.none")}
      </p>
    );
  }
  const reported = view.reportedAt ? formatDateTime(view.reportedAt, lang) : t("device.unknown");
  return (
    <div className="flex flex-col gap-3">
      {view.stale ? (
        <p
          data-testid="services-stale"
          className="flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
        >
          <WifiOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("device.services.stale", { time: reported })}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">{t("device.services.reported", { time: reported })}</p>
      )}
      <table className="w-full text-sm" data-testid="services-table">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {t("device.services.col.service")}
            </th>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {t("device.services.col.state")}
            </th>
            <th scope="col" className="hidden py-1.5 pr-3 font-medium sm:table-cell">
              {t("device.services.col.for")}
            </th>
            <th scope="col" className="hidden py-1.5 text-right font-medium sm:table-cell">
              {t("device.services.col.restarts")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {view.rows.map((row) => {
            const Kind = KIND_ICON[row.kind];
            const tone = TONE[row.tone];
            const Tone = tone.icon;
            const duration =
              row.since === null
                ? t("device.services.never")
                : shortDuration((view.stale && view.reportedAt ? Date.parse(view.reportedAt) : now) - row.since);
            const restarts = row.restartsLastHour
              ? t("device.services.restartsHour", { count: row.restarts })
              : String(row.restarts);
            return (
              <tr key={row.key} data-testid="service-row" data-state-tone={row.tone} className="align-top">
                <td className="py-2 pr-3">
                  <span className="flex items-center gap-2 font-medium">
                    <Kind className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="min-w-0 break-words">{row.name}</span>
                  </span>
                  {row.error && (
                    <span className="mt-0.5 block pl-6 text-xs break-words text-destructive">{row.error}</span>
                  )}
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  <span
                    className={cn(
                      "inline-flex items-center gap-1.5 text-xs font-medium",
                      view.stale ? "text-muted-foreground" : tone.className,
                    )}
                  >
                    <Tone className="size-3.5" aria-hidden="true" />
                    {t(row.label)}
                  </span>
                  {/* Narrow screens: the two columns below, under the state. */}
                  <span className="mt-0.5 block text-xs text-muted-foreground tabular-nums sm:hidden">
                    {duration} · {t("device.services.col.restarts")} {restarts}
                  </span>
                </td>
                <td className="hidden py-2 pr-3 text-xs whitespace-nowrap text-muted-foreground tabular-nums sm:table-cell">
                  {duration}
                </td>
                <td className="hidden py-2 text-right text-xs whitespace-nowrap tabular-nums sm:table-cell">
                  {restarts}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

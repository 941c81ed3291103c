import "@/lib/i18n/locales/en-device";
import { type DeviceDetail, type DeviceOutage, MAX_LISTED_OUTAGES } from "@contracts/devices/detail";
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Skeleton } from "@/components/ui/skeleton";
import { type Lang, useI18n, useT } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { deviceQueries } from "../queries";

/** "2 h 05 min", "4 min 10 s", "45 s": how long an outage lasted (or has lasted). */
export function outageDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, "0")} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, "0")} s`;
  return `${s} s`;
}

/** Availability per day over the last 30 days, in hours online, and the outages behind it, newest first. */
export function ReportsTab({ device }: { device: DeviceDetail }) {
  const t = useT();
  const availability = useQuery(deviceQueries.availability(device.space_uuid, device.uuid));
  if (availability.isPending)
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-72 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (availability.isError) return <p className="text-sm text-destructive">{availability.error.message}</p>;
  const data = availability.data.days.map((day) => ({
    day: day.day.slice(5),
    hours: Math.round((day.online_seconds / 3600) * 10) / 10,
  }));
  const total = Math.round(data.reduce((sum, day) => sum + day.hours, 0));
  return (
    <div className="flex flex-col gap-3">
      <section className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="availability">
        <div className="flex items-baseline justify-between">
          <h3 className="font-semibold">{t("device.reports.title")}</h3>
          <span className="text-sm text-muted-foreground">{t("device.reports.total", { hours: total })}</span>
        </div>
        <div className="h-72 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis dataKey="day" tick={{ fontSize: 11, fill: "var(--muted-foreground)" }} tickLine={false} />
              <YAxis
                domain={[0, 24]}
                ticks={[0, 6, 12, 18, 24]}
                tick={{ fontSize: 11, fill: "var(--muted-foreground)" }}
              />
              <Tooltip
                cursor={{ fill: "var(--accent)" }}
                contentStyle={{ background: "var(--popover)", border: "1px solid var(--border)", borderRadius: 8 }}
                formatter={(value) => [value, t("device.reports.hours")]}
              />
              <Bar dataKey="hours" fill="var(--status-online)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </section>
      <OutageList outages={availability.data.outages} />
    </div>
  );
}

/** The end of an outage as its time of day ("HH:mm:ss") when it ended on the local day it began, else in full. */
function shortEnd(started: string, ended: string, lang: Lang) {
  const [a, b] = [formatDateTime(started, lang), formatDateTime(ended, lang)];
  return a.slice(0, -9) === b.slice(0, -9) ? b.slice(-8) : b;
}

const OUTAGE_GRID = "grid-cols-[auto_1fr] gap-x-3 sm:grid-cols-[minmax(0,11rem)_minmax(0,11rem)_7rem_minmax(0,1fr)]";

function OutageList({ outages }: { outages: DeviceOutage[] }) {
  const t = useT();
  const { lang } = useI18n();
  return (
    <section className="flex flex-col gap-2 rounded-lg border bg-card p-4" data-testid="outages">
      <h3 className="font-semibold">{t("device.reports.outages")}</h3>
      {outages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("device.reports.outages.none")}</p>
      ) : (
        <div className="max-h-80 overflow-auto text-sm tabular-nums">
          {/* A table's columns on wide screens; on a phone each outage is two short lines. */}
          <div className={`${OUTAGE_GRID} sticky top-0 hidden bg-card pb-1 text-xs text-muted-foreground sm:grid`}>
            <span>{t("device.reports.outage.started")}</span>
            <span>{t("device.reports.outage.ended")}</span>
            <span>{t("device.reports.outage.duration")}</span>
            <span>{t("device.reports.outage.cause")}</span>
          </div>
          <ul aria-label={t("device.reports.outages")}>
            {outages.map((o) => (
              <li key={o.started_at} className={`${OUTAGE_GRID} grid border-t py-1`}>
                <span className="whitespace-nowrap">{formatDateTime(o.started_at, lang)}</span>
                <span className="whitespace-nowrap">
                  <span className="text-muted-foreground sm:hidden">→ </span>
                  {o.ended_at ? (
                    <>
                      <span className="hidden sm:inline">{formatDateTime(o.ended_at, lang)}</span>
                      {/* On a phone, the end's time alone when it is on the day the outage began. */}
                      <span className="sm:hidden">{shortEnd(o.started_at, o.ended_at, lang)}</span>
                    </>
                  ) : (
                    <span className="font-medium text-status-offline">{t("device.reports.outage.ongoing")}</span>
                  )}
                </span>
                <span className="whitespace-nowrap text-muted-foreground sm:text-foreground">
                  {o.ended_at ? outageDuration(Date.parse(o.ended_at) - Date.parse(o.started_at)) : "—"}
                </span>
                <span className="text-muted-foreground sm:text-foreground">{t(`device.reports.cause.${o.cause}`)}</span>
              </li>
            ))}
          </ul>
          {outages.length >= MAX_LISTED_OUTAGES && (
            <p className="pt-2 text-xs text-muted-foreground">
              {t("device.reports.outages.more", { count: MAX_LISTED_OUTAGES })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

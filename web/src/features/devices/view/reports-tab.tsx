import "@/lib/locales/en-device";
import type { DeviceDetail } from "@contracts/device-detail";
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { deviceQueries } from "../queries";

/** Availability per day over the last 30 days, in hours online. */
export function ReportsTab({ device }: { device: DeviceDetail }) {
  const t = useT();
  const availability = useQuery(deviceQueries.availability(device.space_uuid, device.uuid));
  if (availability.isPending) return <Skeleton className="h-72 w-full" />;
  if (availability.isError) return <p className="text-sm text-destructive">{availability.error.message}</p>;
  const data = availability.data.days.map((day) => ({
    day: day.day.slice(5),
    hours: Math.round((day.online_seconds / 3600) * 10) / 10,
  }));
  const total = Math.round(data.reduce((sum, day) => sum + day.hours, 0));
  return (
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
  );
}

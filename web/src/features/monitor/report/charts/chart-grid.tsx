import "@/lib/i18n/locales/en-health-report";
import type { TelemetryMetric } from "@contracts/monitoring/schema";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { type MessageKey, useT } from "@/lib/i18n";
import { MetricChart, seriesColour } from "./chart-card";
import { metricFormatter, pointCount } from "./chart-data";
import { CHART_METRICS, type ChartRange } from "./ranges";
import { telemetryQueries } from "./telemetry-queries";

const titles: Record<TelemetryMetric, MessageKey> = {
  cpu_load: "report.chart.cpu_load",
  cpu_temperature: "report.chart.cpu_temperature",
  memory: "report.chart.memory",
  disk: "report.chart.disk",
  network: "report.chart.network",
  gpu: "report.chart.gpu",
};
const seriesLabels: Record<string, MessageKey> = { rx: "report.chart.rx", tx: "report.chart.tx" };

/** A chart's frame: the same size loading, empty or drawn, so nothing jumps. */
export function ChartFrame({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card px-3 pt-2.5 pb-2">
      <div className="flex min-h-5 items-baseline justify-between gap-2">
        <h5 className="text-[13px] font-semibold">{title}</h5>
        {aside}
      </div>
      <div className="h-40">{children}</div>
    </div>
  );
}

function MetricCard({
  space,
  uuid,
  metric,
  range,
}: {
  space: string;
  uuid: string;
  metric: TelemetryMetric;
  range: ChartRange;
}) {
  const t = useT();
  const query = useQuery(telemetryQueries.series(space, uuid, metric, range));
  const title = t(titles[metric]);
  const reply = query.data;
  if (query.isPending)
    return (
      <ChartFrame title={title}>
        <Skeleton className="size-full" />
      </ChartFrame>
    );
  if (query.isError || !reply)
    return (
      <ChartFrame title={title}>
        <p className="flex size-full items-center justify-center text-sm text-muted-foreground">
          {t("report.chart.failed")}
        </p>
      </ChartFrame>
    );
  const count = pointCount(reply);
  // When the newest point was taken (ms): the live tail moves it without a refetch.
  const latest = Math.max(0, ...reply.series.map((s) => s.points.at(-1)?.t ?? 0));
  const series = reply.series.map((s) => ({
    ...s,
    label: seriesLabels[s.key] ? t(seriesLabels[s.key] as MessageKey) : s.label,
  }));
  const shown = { ...reply, series };
  const format = metricFormatter(reply);
  const legend = (
    <span className="flex min-w-0 flex-wrap items-center justify-end gap-x-2.5 text-xs text-muted-foreground tabular-nums">
      {series.map((s, i) => {
        const last = s.points.at(-1);
        return (
          <span key={s.key} className="flex items-center gap-1">
            <span className="size-2 rounded-full" style={{ background: seriesColour(i) }} aria-hidden="true" />
            {series.length > 1 && <span>{s.label}</span>}
            {last && <span className="font-medium text-foreground">{format(last.v)}</span>}
          </span>
        );
      })}
    </span>
  );
  return (
    <section
      aria-label={title}
      data-testid={`chart-${metric}`}
      data-points={count}
      data-latest={latest || undefined}
      data-resolution={reply.resolution}
    >
      <ChartFrame title={title} aside={count > 0 ? legend : undefined}>
        {count === 0 ? (
          <p className="flex size-full items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
            {t("report.chart.empty")}
          </p>
        ) : (
          <MetricChart metric={metric} reply={shown} />
        )}
      </ChartFrame>
    </section>
  );
}

/** The report's charts for one range (this module and Recharts load only with the report). */
export function ChartGrid({ space, uuid, range }: { space: string; uuid: string; range: ChartRange }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {CHART_METRICS.map((metric) => (
        <MetricCard key={metric} space={space} uuid={uuid} metric={metric} range={range} />
      ))}
    </div>
  );
}

import "@/lib/i18n/locales/en-health-report";
import { lazy, Suspense, useState } from "react";
import { Segmented } from "@/components/ui/segmented";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { CHART_METRICS, CHART_RANGES, type ChartRange } from "./ranges";

// Recharts is loaded with the report's charts only, never with /devices.
const ChartGrid = lazy(() => import("./chart-grid").then((m) => ({ default: m.ChartGrid })));

function GridSkeleton() {
  return (
    <div className="grid gap-3 md:grid-cols-2" aria-hidden="true">
      {CHART_METRICS.map((metric) => (
        <Skeleton key={metric} className="h-[206px] rounded-lg" />
      ))}
    </div>
  );
}

/** History: the range picker (1 h, 24 h, 7 d, 30 d) and a chart per metric. */
export function TelemetryCharts({ space, uuid }: { space: string; uuid: string }) {
  const t = useT();
  const [range, setRange] = useState<ChartRange>("1h");
  return (
    <section aria-labelledby="report-charts" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="report-charts" className="text-sm font-semibold">
          {t("report.charts")}
        </h4>
        <Segmented
          label={t("report.range")}
          value={range}
          onValueChange={setRange}
          options={CHART_RANGES.map((value) => ({ value, label: t(`report.range.${value}`) }))}
        />
      </div>
      <Suspense fallback={<GridSkeleton />}>
        <ChartGrid space={space} uuid={uuid} range={range} />
      </Suspense>
    </section>
  );
}

import "@/lib/i18n/locales/en-health-report";
import type { TelemetryMetric, TelemetrySeries } from "@contracts/monitoring/schema";
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import {
  chartRows,
  formatInUnit,
  formatTick,
  metricFormatter,
  PERCENT_TICKS,
  rateUnit,
  seriesMax,
  timeTicks,
} from "./chart-data";

/** Series colours: the spec's status colours first, then theme tokens (legible light and dark). */
export const SERIES_COLOURS = [
  "var(--status-online)",
  "var(--status-partially-online)",
  "var(--primary)",
  "var(--muted-foreground)",
];
export const seriesColour = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length] ?? "var(--foreground)";

const axisTick = { fontSize: 11, fill: "var(--muted-foreground)" };

/** Threshold lines, labelled at opposite ends: close thresholds (85 / 95 %) would stack the labels. */
const thresholdLines = [
  { level: "warning", colour: "var(--warning)", position: "insideTopLeft" },
  { level: "critical", colour: "var(--destructive)", position: "insideTopRight" },
] as const;

type TipProps = {
  active?: boolean;
  label?: number;
  payload?: ReadonlyArray<{ dataKey?: unknown; value?: unknown }>;
};

/** The hover card: the local time (dd MMM yyyy HH:mm:ss) and each series' value (with its min–max). */
function ChartTip({
  active,
  label,
  payload,
  reply,
  format,
}: TipProps & { reply: TelemetrySeries; format: (value: number) => string }) {
  const { lang } = useI18n();
  if (!active || label === undefined || !payload?.length) return null;
  const rows = reply.series
    .map((series, i) => {
      const point = series.points.find((p) => p.t === label);
      return point ? { series, i, point } : null;
    })
    .filter((row) => row !== null);
  return (
    <div className="rounded-md border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md">
      <p className="mb-1 font-medium tabular-nums">{formatDateTime(new Date(label).toISOString(), lang)}</p>
      {rows.map(({ series, i, point }) => (
        <p key={series.key} className="flex items-center gap-1.5 tabular-nums">
          <span className="size-2 rounded-full" style={{ background: seriesColour(i) }} aria-hidden="true" />
          <span className="text-muted-foreground">{series.label}</span>
          <span className="font-medium">{format(point.v)}</span>
          {point.min !== undefined && point.max !== undefined && (
            <span className="text-muted-foreground">
              ({format(point.min)} – {format(point.max)})
            </span>
          )}
        </p>
      ))}
    </div>
  );
}

/** One metric over the chosen range: lines, a min–max band for rollups, threshold lines. No animation. */
export function MetricChart({ metric, reply }: { metric: TelemetryMetric; reply: TelemetrySeries }) {
  const { t, lang } = useI18n();
  const rows = chartRows(reply);
  const from = Date.parse(reply.from);
  const to = Date.parse(reply.to);
  const span = to - from;
  const percent = metric !== "network" && metric !== "cpu_temperature";
  const thresholds = reply.thresholds;
  // One unit per axis: a rate axis reads in the unit of its largest value (never KB/s beside MB/s).
  const unit = metric === "network" ? rateUnit(seriesMax(reply)) : null;
  const format = metricFormatter(reply);
  // Round local times, at least two of them, so the axis says when the line is.
  const ticks = timeTicks(from, to, 6, -new Date(to).getTimezoneOffset());
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={rows} margin={{ top: 6, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={[from, to]}
          ticks={ticks}
          interval="preserveStartEnd"
          minTickGap={8}
          tickFormatter={(value: number) => formatTick(value, span, lang)}
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: "var(--border)" }}
        />
        <YAxis
          width={unit ? 72 : 40}
          domain={percent ? [0, 100] : unit ? [0, "auto"] : ["auto", "auto"]}
          ticks={percent ? PERCENT_TICKS : undefined}
          allowDataOverflow={percent}
          tickFormatter={(value: number) =>
            unit ? formatInUnit(value, unit) : `${Math.round(value)}${percent ? "%" : "°"}`
          }
          tick={axisTick}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          content={(props) => <ChartTip {...(props as TipProps)} reply={reply} format={format} />}
          cursor={{ stroke: "var(--muted-foreground)", strokeDasharray: "3 3" }}
          isAnimationActive={false}
        />
        {reply.resolution === "15m" &&
          reply.series.map((series, i) => (
            <Area
              key={`${series.key}-band`}
              dataKey={`s${i}_band`}
              stroke="none"
              fill={seriesColour(i)}
              fillOpacity={0.14}
              isAnimationActive={false}
              activeDot={false}
              connectNulls
            />
          ))}
        {reply.series.map((series, i) => (
          <Line
            key={series.key}
            dataKey={`s${i}`}
            name={series.label}
            stroke={seriesColour(i)}
            strokeWidth={1.5}
            // A new device has few points: dots keep them visible until a line forms.
            dot={series.points.length <= 5 ? { r: 2.5, strokeWidth: 0, fill: seriesColour(i) } : false}
            activeDot={{ r: 3 }}
            isAnimationActive={false}
            connectNulls
          />
        ))}
        {thresholds &&
          thresholdLines.map(({ level, colour, position }) => (
            <ReferenceLine
              key={level}
              y={thresholds[level]}
              stroke={colour}
              strokeDasharray="4 3"
              ifOverflow="extendDomain"
              label={{ value: t(`report.chart.${level}`), position, fontSize: 10, fill: colour }}
            />
          ))}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

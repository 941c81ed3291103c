import { THRESHOLDS, type ThresholdKey } from "../../../contracts/devices/health.ts";
import type { TelemetryMetric, TelemetrySeries } from "../../../contracts/monitoring/schema.ts";
import type { Telemetry } from "../../../contracts/realtime/events.ts";
import { ApiError } from "../../lib/errors.ts";
import type { RemoteCtx } from "../commands/remote-actions.ts";
import { requireDevice } from "../devices/detail.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { roomIn } from "../kernel/placement.ts";

type Ctx = Pick<RemoteCtx, "db" | "env" | "space">;

/**
 * GET …/device/{id}/telemetry/?since=ISO: the history the DeviceRoom keeps (one sample per
 * minute, last 24 h) plus the latest report stored on the device.
 */
export async function getTelemetryHistory({ ctx, input }: ServiceArgs<{ uuid: string; since?: string }, Ctx>) {
  const device = await requireDevice(ctx, input.uuid);
  const since = input.since ? Date.parse(input.since) : 0;
  const room = await roomIn(ctx, "device", device.uuid);
  const history = (await room.telemetryHistory(Number.isNaN(since) ? 0 : since)) as {
    at: number;
    telemetry: Telemetry;
  }[];
  return {
    device_uuid: device.uuid,
    telemetry_updated_at: device.telemetry_updated_at,
    latest: device.latest_telemetry,
    history: history.map((h) => ({ at: new Date(h.at).toISOString(), telemetry: h.telemetry })),
  };
}

export const DEFAULT_RANGE_MS = 3_600_000;
export const MAX_RANGE_MS = 30 * 86_400_000;

/** A chart's unit, its threshold lines (a ratio threshold is drawn as %) and its series' labels. */
const METRICS: Record<
  TelemetryMetric,
  { unit: string; threshold: ThresholdKey | null; scale: number; labels: Record<string, string> }
> = {
  cpu_load: { unit: "%", threshold: "cpu_load_ratio", scale: 100, labels: { load: "CPU load" } },
  cpu_temperature: { unit: "°C", threshold: "cpu_temperature_c", scale: 1, labels: { temperature: "CPU temperature" } },
  memory: { unit: "%", threshold: "ram_used_ratio", scale: 100, labels: { used: "Memory used" } },
  disk: { unit: "%", threshold: "disk_used_ratio", scale: 100, labels: {} },
  network: { unit: "B/s", threshold: null, scale: 1, labels: { rx: "Received", tx: "Sent" } },
  gpu: { unit: "%", threshold: "gpu_utilization_pct", scale: 1, labels: { utilization: "GPU utilisation" } },
};

/** `from`/`to` (ISO) → ms; default the hour before `to` (default now). 400 when reversed or over 30 days. */
export function seriesRange(input: { from?: string; to?: string }, now: number): { from: number; to: number } {
  const to = input.to ? Date.parse(input.to) : now;
  const from = input.from ? Date.parse(input.from) : to - DEFAULT_RANGE_MS;
  const invalid = (field: string, message: string) =>
    new ApiError("validation_error", "There are validation errors.", { [field]: [message] });
  if (from >= to) throw invalid("from", "Ensure from is earlier than to.");
  if (to - from > MAX_RANGE_MS) throw invalid("from", "Ensure the range from … to spans at most 30 days.");
  return { from, to };
}

const scaled = (value: number, scale: number) => Number((value * scale).toFixed(6));

/**
 * GET …/device/{id}/telemetry/?metric=…&from=…&to=…: one metric's series from the DeviceRoom's
 * history — one-minute values within the last 48 h, else 15-minute rollups — at most 500
 * points per series (LTTB in the room), with the chart's unit and threshold lines.
 */
export async function getTelemetrySeries({
  ctx,
  input,
}: ServiceArgs<{ uuid: string; metric: TelemetryMetric; from?: string; to?: string }, Ctx>): Promise<TelemetrySeries> {
  const { from, to } = seriesRange(input, Date.now());
  const device = await requireDevice(ctx, input.uuid);
  const room = await roomIn(ctx, "device", device.uuid);
  const result = await room.telemetrySeries({ metric: input.metric, from, to });
  const info = METRICS[input.metric];
  const threshold = info.threshold ? THRESHOLDS[info.threshold] : null;
  return {
    device_uuid: device.uuid,
    metric: input.metric,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    resolution: result.resolution,
    unit: info.unit,
    thresholds: threshold
      ? { warning: scaled(threshold.warning, info.scale), critical: scaled(threshold.critical, info.scale) }
      : null,
    series: result.series.map((s) => ({ key: s.key, label: info.labels[s.key] ?? s.key, points: s.points })),
  };
}

import type { TelemetryMetric } from "../monitoring/schema.ts";
import type { Telemetry } from "../realtime/events.ts";

/** One number a sample yields for a chart: metric, series within it (a partition, rx/tx), value. */
export type MetricValue = { metric: TelemetryMetric; series: string; value: number };

/** A network rate needs two samples at most this far apart; a longer gap draws no point. */
export const MAX_RATE_GAP_MS = 15 * 60_000;

const finite = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);
const percent = (used: number, total: number) => Math.min(100, Math.max(0, (used / total) * 100));

/**
 * Received and sent bytes per second between two samples, summed over the interfaces both
 * report (loopback left out). A counter that went backwards (a reboot, a driver reload) makes
 * the whole step unknown rather than a negative or a wrapped spike; so does a gap over
 * MAX_RATE_GAP_MS or a non-advancing clock.
 */
export function networkRate(
  previous: { at: number; telemetry: Telemetry } | null,
  at: number,
  telemetry: Telemetry,
): { rx: number; tx: number } | null {
  const now = telemetry.network?.devices;
  const before = previous?.telemetry.network?.devices;
  if (!previous || !now || !before) return null;
  const seconds = (at - previous.at) / 1000;
  if (seconds < 1 || seconds * 1000 > MAX_RATE_GAP_MS) return null;
  const earlier = new Map(before.map((d) => [d.name, d]));
  let rx = 0;
  let tx = 0;
  let matched = 0;
  for (const nic of now) {
    const old = earlier.get(nic.name);
    if (!old || nic.name === "lo") continue;
    const drx = nic.rx_bytes - old.rx_bytes;
    const dtx = nic.tx_bytes - old.tx_bytes;
    if (drx < 0 || dtx < 0) return null;
    rx += drx;
    tx += dtx;
    matched++;
  }
  return matched ? { rx: rx / seconds, tx: tx / seconds } : null;
}

/**
 * The chart numbers of one sample (contracts/monitoring/schema.ts TELEMETRY_METRICS): CPU load as % of
 * the thread count, CPU °C, memory and each partition as % used, network bytes/s from the
 * counters' deltas against the previous sample, GPU %. What a sample does not carry is left out.
 */
export function metricValues(
  telemetry: Telemetry,
  at: number,
  previous: { at: number; telemetry: Telemetry } | null,
): MetricValue[] {
  const out: MetricValue[] = [];
  const { cpu, ram, storage, thermal, gpu } = telemetry;
  if (cpu && cpu.threads > 0 && finite(cpu.load1))
    out.push({ metric: "cpu_load", series: "load", value: (cpu.load1 / cpu.threads) * 100 });
  if (finite(thermal?.cpu_temperature))
    out.push({ metric: "cpu_temperature", series: "temperature", value: thermal.cpu_temperature });
  if (ram && ram.total > 0)
    out.push({ metric: "memory", series: "used", value: percent(ram.total - ram.free, ram.total) });
  for (const p of storage?.partitions ?? []) {
    if (p.size > 0) out.push({ metric: "disk", series: p.name, value: percent(p.size - p.free, p.size) });
  }
  const rate = networkRate(previous, at, telemetry);
  if (rate) {
    out.push({ metric: "network", series: "rx", value: rate.rx });
    out.push({ metric: "network", series: "tx", value: rate.tx });
  }
  if (finite(gpu?.utilization)) out.push({ metric: "gpu", series: "utilization", value: gpu.utilization });
  return out;
}

import type { TelemetryMetric, TelemetrySeries } from "@contracts/monitoring/schema";
import { getTelemetry } from "@contracts/remote-actions/routes";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { appendSample, type TailValue } from "./live-tail";
import { type ChartRange, LIVE_RANGES, RANGE_MS } from "./ranges";

/**
 * Query keys and options of a device's telemetry series, one query per metric and range. Kept
 * apart from the detail's key: a deviceDetailsUpdate refetches the detail, not the charts.
 */
export const telemetryQueries = {
  device: (space: string, uuid: string) => ["space", space, "devices", "telemetry", uuid] as const,
  /** GET /space/{space}/device/{uuid}/telemetry/?metric=…&from=…&to=… over the range ending now. */
  series: (space: string, uuid: string, metric: TelemetryMetric, range: ChartRange) =>
    queryOptions({
      queryKey: [...telemetryQueries.device(space, uuid), metric, range] as const,
      queryFn: ({ signal }) => {
        const to = Date.now();
        // With `metric` the reply is a series (the route's other reply is the raw history).
        return callApi(getTelemetry, {
          params: { space, uuid },
          query: { metric, from: new Date(to - RANGE_MS[range]).toISOString(), to: new Date(to).toISOString() },
          signal,
        }) as Promise<TelemetrySeries>;
      },
      // The 1 h and 24 h views follow the live tail; the longer ones refresh now and then.
      staleTime: LIVE_RANGES.includes(range) ? 5 * 60_000 : 60_000,
      refetchOnWindowFocus: !LIVE_RANGES.includes(range),
    }),
};

/**
 * The live tail: a telemetrySample's chart values appended to the device's cached 1 h and 24 h
 * series (no refetch); the 7 d / 30 d rollups are left to their next fetch.
 */
export function tailTelemetry(
  queryClient: QueryClient,
  space: string,
  uuid: string,
  at: number,
  values: readonly (TailValue & { metric: TelemetryMetric })[],
) {
  for (const range of LIVE_RANGES) {
    const byMetric = new Map<TelemetryMetric, TailValue[]>();
    for (const { metric, series, value } of values)
      byMetric.set(metric, [...(byMetric.get(metric) ?? []), { series, value }]);
    for (const [metric, list] of byMetric) {
      const { queryKey } = telemetryQueries.series(space, uuid, metric, range);
      queryClient.setQueryData(queryKey, (reply) => (reply ? appendSample(reply, list, at, RANGE_MS[range]) : reply));
    }
  }
}

/** The performance list's page size and the telemetry charts' metrics. Free of zod (contracts/values: what the console's first load may import). */

export const MONITORING_PAGE_SIZE = 36;

/** Metrics a chart can ask for; each becomes one or more series. */
export const TELEMETRY_METRICS = [
  /** 1-minute load as % of the thread count. */
  "cpu_load",
  /** °C. */
  "cpu_temperature",
  /** % of total memory in use. */
  "memory",
  /** % used per partition (one series each). */
  "disk",
  /** bytes/s received and sent (series "rx" and "tx", summed over interfaces). */
  "network",
  /** GPU utilisation %. */
  "gpu",
] as const;

/** At most this many points per series (LTTB on the server); a chart draws at most 2 000. */
export const MAX_POINTS_PER_SERIES = 500;

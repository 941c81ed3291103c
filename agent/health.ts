import type { Telemetry } from "../party/protocol.ts";

/** Health codes of devices.md §4: 0 Healthy, 2 Warning, 3 Critical. */
export const HEALTHY = 0;
export const WARNING = 2;
export const CRITICAL = 3;

const grade = (usedRatio: number, warn: number, crit: number) =>
  usedRatio >= crit ? CRITICAL : usedRatio >= warn ? WARNING : HEALTHY;

export const cpuStatus = (load1: number, threads: number) => grade(load1 / Math.max(1, threads), 0.8, 1.2);
export const ramStatus = (free: number, total: number) => grade(1 - free / Math.max(1, total), 0.85, 0.95);
export const storageStatus = (partitions: NonNullable<Telemetry["storage"]>["partitions"]) =>
  Math.max(HEALTHY, ...partitions.map((p) => grade(1 - p.free / Math.max(1, p.size), 0.85, 0.95)));

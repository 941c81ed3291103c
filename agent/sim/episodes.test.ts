import { describe, expect, it } from "vitest";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import { EPISODES, type EpisodeKind, episodeAt } from "./episodes.ts";
import { simProfile, simSensors } from "./telemetry.ts";

const MIN = 60_000;
const T0 = Date.parse("2026-11-23T00:00:00Z");
const ATTACHED = [
  { name: "Bill Acceptor", type: "bill_acceptor" },
  { name: "Receipt Printer", type: "pos_printer" },
];

/** The first episode of `kind` after T0 for some device (uuid and its start/end). */
function findEpisode(kind: EpisodeKind) {
  for (let d = 0; d < 200; d++) {
    const uuid = `00000000-0000-4000-8000-${String(d).padStart(12, "0")}`;
    for (let t = T0; t < T0 + 2 * EPISODES[kind].windowMs; t += MIN) {
      const episode = episodeAt(uuid, kind, t);
      if (episode) return { uuid, ...episode };
    }
  }
  throw new Error(`no ${kind} episode found`);
}

/** A device's statuses of one heading, minute by minute, from before an episode until after it. */
function walkThrough(kind: EpisodeKind, read: (t: Telemetry) => number | undefined) {
  const episode = findEpisode(kind);
  const from = Math.floor(episode.start / MIN) * MIN - 5 * MIN;
  const profile = simProfile({ uuid: episode.uuid, device_type: "linux", peripherals: ATTACHED, now: from });
  const sample = simSensors(profile);
  const codes: { t: number; code: number | undefined }[] = [];
  for (let t = from; t <= episode.end + 5 * MIN; t += MIN) codes.push({ t, code: read(sample(t)) });
  const during = codes.filter((c) => c.t >= episode.start && c.t < episode.end).map((c) => c.code);
  const outside = codes.filter((c) => c.t < episode.start || c.t >= episode.end).map((c) => c.code);
  return { episode, during, outside };
}

/** Codes collapsed to their runs: [0,0,2,2,3,3] → [0,2,3]. */
const runs = (codes: (number | undefined)[]) => codes.filter((c, i) => i === 0 || c !== codes[i - 1]);

describe("episodes", () => {
  it("are a pure function of the seed and the time", () => {
    const { uuid, start, end } = findEpisode("disk_fill");
    const mid = (start + end) / 2;
    expect(episodeAt(uuid, "disk_fill", mid)).toEqual(episodeAt(uuid, "disk_fill", mid));
    expect(episodeAt(uuid, "disk_fill", mid)?.progress).toBeCloseTo(0.5, 5);
    expect(episodeAt(uuid, "disk_fill", start - 1)).toBeNull();
    expect(episodeAt(uuid, "disk_fill", end)).toBeNull();
    expect(end - start).toBeGreaterThanOrEqual(30 * MIN);
    expect(end - start).toBeLessThanOrEqual(60 * MIN);
  });

  it("a disk fills (warning, then critical) and is cleaned up", () => {
    const { during, outside } = walkThrough("disk_fill", (t) => t.storage?.status);
    expect(runs(during)).toEqual([0, 2, 3]);
    expect(new Set(outside)).toEqual(new Set([0]));
  });

  it("a CPU runs hot for 10–20 minutes and cools down", () => {
    const { episode, during, outside } = walkThrough("hot_cpu", (t) => t.thermal?.status);
    expect(episode.end - episode.start).toBeLessThanOrEqual(20 * MIN);
    // Heats up through warning to critical; cools down within a few minutes.
    expect(runs(during).slice(0, 3)).toEqual([0, 2, 3]);
    expect(during.at(-1)).toBeLessThan(3);
    expect(new Set(outside)).toEqual(new Set([0]));
  });

  it("a bill acceptor jams (critical) and is cleared after a few minutes", () => {
    const bill = (t: Telemetry) => t.peripherals?.devicesInfo.find((p) => p.type === "bill_acceptor")?.combined_status;
    const { episode, during, outside } = walkThrough("bill_jam", bill);
    expect(episode.end - episode.start).toBeLessThanOrEqual(8 * MIN);
    expect(during).toContain(3);
    expect(runs(during).at(-1)).toBe(3);
    expect(new Set(outside)).toEqual(new Set([0]));
  });

  it("a printer runs low on paper (warning) until the roll is changed", () => {
    const printer = (t: Telemetry) => t.peripherals?.devicesInfo.find((p) => p.type === "pos_printer")?.combined_status;
    const { during, outside } = walkThrough("paper_low", printer);
    expect(new Set(during)).toEqual(new Set([2]));
    expect(new Set(outside)).toEqual(new Set([0]));
  });

  it("network errors rise to warning, then critical, until the link is re-plugged", () => {
    const { during, outside } = walkThrough("net_errors", (t) => t.network?.status);
    expect(runs(during)).toEqual([0, 2, 3]);
    expect(new Set(outside)).toEqual(new Set([0]));
  });
});

import { describe, expect, it } from "vitest";
import type { AppliedDisplay } from "../../contracts/commands/schema.ts";
import { CRASH_EVERY_MS, DOWN_MS, STARTING_MS, simApplications } from "./apps.ts";
import { EPISODES, episodeAt } from "./episodes.ts";
import { virtualMachine } from "./simulator.ts";

const SEC = 1_000;
const MIN = 60_000;
const T0 = Date.parse("2026-11-23T00:00:00Z");

const display = (over: Partial<AppliedDisplay> = {}): AppliedDisplay => ({
  uuid: "d1",
  name: "HDMI-1@DELL",
  primary: true,
  disabled: false,
  resolution: "1920x1080",
  refresh_rate: 60,
  orientation: "normal",
  applications: [
    { uuid: "a1", name: "Menu", launch: { kind: "url", url: "https://menu.example/" }, options: {} },
    { uuid: "a2", name: "Ticker", launch: { kind: "command", command: ["/opt/ticker"] }, options: {} },
  ],
  ...over,
});

/** A device seed with an app_crash_loop episode, and the episode. */
function withEpisode() {
  for (let d = 0; d < 200; d++) {
    const seed = `sim-apps-${d}`;
    for (let t = T0; t < T0 + 2 * EPISODES.app_crash_loop.windowMs; t += MIN) {
      const episode = episodeAt(seed, "app_crash_loop", t);
      if (episode) return { seed, episode };
    }
  }
  throw new Error("no app_crash_loop episode found");
}

describe("simulated applications", () => {
  it("start, then run, on every enabled display", () => {
    const config = { displays: [display(), display({ uuid: "d2", name: "DP-1", disabled: true })], appliedAt: T0 };
    const early = simApplications("quiet", config, T0 + SEC);
    expect(early.displays).toHaveLength(1);
    expect(early.displays[0]).toMatchObject({ state: "starting", status: 0 });
    const later = simApplications("quiet", config, T0 + STARTING_MS + SEC);
    expect(later.displays[0]).toMatchObject({ display_uuid: "d1", state: "running", status: 0 });
    expect(later.displays[0].applications.map((a) => [a.kind, a.supervisor])).toEqual([
      ["url", "simulated"],
      ["command", "simulated"],
    ]);
  });

  it("a crash-loop episode: crashed (warning) between restarts, then a crash loop (critical), then running again", () => {
    const { seed, episode } = withEpisode();
    const config = { displays: [display()], appliedAt: episode.start - 10 * MIN };
    const at = (t: number) => simApplications(seed, config, t).displays[0];
    const firstCrash = episode.start + CRASH_EVERY_MS / 2;
    expect(at(firstCrash - SEC)).toMatchObject({ state: "running", status: 0 });
    expect(at(firstCrash + SEC)).toMatchObject({ state: "crashed", status: 2 });
    expect(at(firstCrash + SEC).applications[0]).toMatchObject({
      exit_code: 139,
      restarts_last_hour: 1,
      restart_at: firstCrash + DOWN_MS,
    });
    // The other application keeps running.
    expect(at(firstCrash + SEC).applications[1]).toMatchObject({ state: "running", restarts_last_hour: 0 });
    expect(at(firstCrash + DOWN_MS + SEC)).toMatchObject({ state: "starting", status: 0 });
    const fifth = firstCrash + 4 * CRASH_EVERY_MS;
    expect(at(fifth + SEC)).toMatchObject({ state: "crashed", status: 3 });
    expect(at(fifth + DOWN_MS + STARTING_MS + SEC)).toMatchObject({ state: "running", status: 3 });
    expect(at(episode.end + SEC)).toMatchObject({ state: "running", status: 0 });
  });

  it("the simulator's machine runs the configuration it is sent and reports it in telemetry", async () => {
    let now = T0;
    const machine = virtualMachine(
      { uuid: "sim-apps-machine", name: "Sim", space_uuid: "s", credential: "c" },
      () => {},
      {
        instant: true,
        now: () => now,
      },
    );
    const reply = await machine.execute({
      type: "command",
      id: "1",
      action: "apply-display-config",
      params: { displays: [display()] },
    });
    expect(reply).toMatchObject({ ok: true, result: { applications: { allowed: true, configured: 2 } } });
    now += STARTING_MS + SEC;
    const telemetry = await machine.telemetry();
    expect(telemetry.applications?.displays[0]).toMatchObject({ display: "HDMI-1@DELL", state: "running" });
  });
});

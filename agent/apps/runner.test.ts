import { describe, expect, it } from "vitest";
import type { AppliedDisplay } from "../../contracts/commands/schema.ts";
import { xrandrGeometries } from "./geometry.ts";
import type { LaunchPlan } from "./plan.ts";
import { AppRunner, type RunnerOptions } from "./runner.ts";
import type { Exit, Spawner } from "./supervisor.ts";
import { applicationsMachine, withApplications } from "./telemetry.ts";

const display = (over: Partial<AppliedDisplay> = {}): AppliedDisplay => ({
  uuid: "d1",
  name: "HDMI-1@DELL",
  graphical_output: "HDMI-1",
  primary: true,
  disabled: false,
  resolution: "1920x1080",
  refresh_rate: 60,
  orientation: "normal",
  applications: [],
  ...over,
});
const web = { uuid: "a1", name: "Menu", launch: { kind: "url" as const, url: "https://menu.example/" }, options: {} };
const player = {
  uuid: "a2",
  name: "Player",
  launch: { kind: "command" as const, command: ["/opt/player", "{{list}}"] },
  options: { list: "a.json" },
};

function runner(over: Partial<RunnerOptions> = {}) {
  const spawned: { plan: LaunchPlan; exit: (e: Exit) => void; killed: string[] }[] = [];
  const spawner: Spawner = (plan, exit) => {
    const run = { plan, exit, killed: [] as string[] };
    spawned.push(run);
    return {
      pid: spawned.length,
      kill: (signal) => {
        run.killed.push(signal);
        exit({ code: null, signal, error: null });
      },
    };
  };
  const r = new AppRunner({
    allow: true,
    spawner,
    supervisor: "child",
    profilesDir: "/tmp/profiles",
    env: { DISPLAY: ":0" },
    which: (p) => (p === "chromium" ? "/usr/bin/chromium" : null),
    geometries: async () => new Map([["HDMI-1", { x: 0, y: 0, width: 1920, height: 1080 }]]),
    settleMs: 60_000,
    ...over,
  });
  return { r, spawned };
}

describe("AppRunner", () => {
  it("starts what is configured, keeps what is unchanged, restarts what changed, stops what is gone", async () => {
    const { r, spawned } = runner();
    expect(await r.apply([display({ applications: [web, player] })])).toEqual({ allowed: true, configured: 2 });
    expect(spawned.map((s) => s.plan.argv[0])).toEqual(["chromium", "/opt/player"]);
    expect(r.report().displays[0]).toMatchObject({ display: "HDMI-1@DELL", display_uuid: "d1", state: "starting" });

    await r.apply([display({ applications: [web, { ...player, options: { list: "b.json" } }] })]);
    expect(spawned).toHaveLength(3);
    expect(spawned[0].killed).toEqual([]);
    expect(spawned[1].killed).toEqual(["SIGTERM"]);
    expect(spawned[2].plan.argv).toEqual(["/opt/player", "b.json"]);

    await r.apply([display({ applications: [] })]);
    expect(spawned[0].killed).toEqual(["SIGTERM"]);
    expect(r.report()).toEqual({
      allowed: true,
      displays: [{ display: "HDMI-1@DELL", display_uuid: "d1", state: "not_configured", status: 0, applications: [] }],
    });
    await r.stopAll();
  });

  it("a dry run spawns nothing and says what it would run; a definition without launch says so", async () => {
    const { r, spawned } = runner({ allow: false });
    await r.apply([
      display({ applications: [web, { uuid: "a3", name: "Old", launch: null, options: {} }] }),
      display({ uuid: "d2", name: "HDMI-2", disabled: true, applications: [player] }),
    ]);
    expect(spawned).toHaveLength(0);
    const [d] = r.report().displays;
    expect(r.report().displays).toHaveLength(1);
    expect(d.applications[0]).toMatchObject({
      state: "dry_run",
      would_run: expect.stringContaining("--app=https://menu.example/"),
    });
    expect(d.applications[1]).toMatchObject({ state: "no_launch", error: "No launch definition." });
    expect(d).toMatchObject({ state: "no_launch", status: 0 });
  });
});

describe("applications in telemetry", () => {
  it("folds a display's application health into its screen's devicesInfo entry", () => {
    const apps = (status: 0 | 2 | 3, display = "HDMI-1@DELL") => ({
      allowed: true,
      displays: [
        {
          display,
          state: "crashed" as const,
          status,
          applications: [
            {
              uuid: "a1",
              name: "Menu",
              state: "crashed" as const,
              kind: "url" as const,
              supervisor: "child" as const,
              pid: null,
              exit_code: 1,
              signal: null,
              restarts_last_hour: 1,
              crash_loop: status === 3,
              since: 0,
              restart_at: 1000,
              error: null,
            },
          ],
        },
      ],
    });
    const telemetry = {
      peripherals: {
        devicesInfo: [{ name: "HDMI-1@DELL", type: "display", enabled: true, combined_status: 0, status: [0] }],
      },
    };
    expect(withApplications(telemetry, apps(2)).peripherals?.devicesInfo[0]).toMatchObject({
      combined_status: 2,
      status: [0, 2],
    });
    // No screen entry for it (systeminformation saw none): one is added.
    expect(withApplications({}, apps(3, "DP-1")).peripherals?.devicesInfo).toEqual([
      { name: "DP-1", type: "display", enabled: true, combined_status: 3, status: [3] },
    ]);
  });

  it("a change is reported at once from the last full report, without measuring again", async () => {
    let measured = 0;
    const { r } = runner({ allow: false });
    await r.apply([display({ applications: [web] })]);
    const machine = applicationsMachine(
      {
        telemetry: async () => ({ cpu: { status: 0, cores: 1, threads: 1, load1: ++measured, load5: 0, load15: 0 } }),
        inventory: async () => ({ inventory: {} }),
        execute: async () => ({ ok: true, result: {} }),
      },
      r,
    );
    // Before any full report the quick one measures too.
    machine.quickNext();
    expect((await machine.telemetry()).cpu?.load1).toBe(1);
    await r.apply([display({ applications: [] })]);
    machine.quickNext();
    const quick = await machine.telemetry();
    expect(measured).toBe(1);
    expect(quick.applications?.displays[0].state).toBe("not_configured");
    expect((await machine.telemetry()).cpu?.load1).toBe(2);
  });

  it("reads the displays' geometry from xrandr", () => {
    const text = [
      "Screen 0: minimum 8 x 8, current 3200 x 1080, maximum 32767 x 32767",
      "HDMI-1 connected primary 1920x1080+0+0 (normal left inverted right x axis y axis) 527mm x 296mm",
      "   1920x1080     60.00*+",
      "DP-1 connected 1280x1024+1920+0 left (normal left inverted right x axis y axis) 0mm x 0mm",
      "DP-2 disconnected (normal left inverted right x axis y axis)",
    ].join("\n");
    expect([...xrandrGeometries(text)]).toEqual([
      ["", { x: 0, y: 0, width: 3200, height: 1080 }],
      ["HDMI-1", { x: 0, y: 0, width: 1920, height: 1080 }],
      ["DP-1", { x: 1920, y: 0, width: 1280, height: 1024 }],
    ]);
  });
});

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveLaunch } from "../../contracts/admin/applications.ts";
import { type LaunchPlan, PlanError, planLaunch } from "./plan.ts";
import { processSpawner, releaseProfile } from "./spawn.ts";
import { AppSupervisor, type Exit, type Spawner, type Timers } from "./supervisor.ts";

/** A clock and timers moved by hand. */
function fakeTime() {
  let now = 0;
  let queue: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const timers: Timers = {
    set: (fn, ms) => {
      const id = ++ids;
      queue.push({ at: now + ms, fn, id });
      return id;
    },
    clear: (id) => {
      queue = queue.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = queue.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      queue = queue.filter((t) => t !== next);
      now = next.at;
      next.fn();
    }
    now = end;
  };
  return { now: () => now, timers, advance };
}

/** A spawner whose processes end when the test says so. */
function fakeSpawner() {
  const runs: { plan: LaunchPlan; exit: (e: Exit) => void; killed: string[] }[] = [];
  const spawner: Spawner = (plan, onExit) => {
    const run = { plan, exit: onExit, killed: [] as string[] };
    runs.push(run);
    return { pid: 100 + runs.length, kill: (signal) => run.killed.push(signal) };
  };
  return { runs, spawner };
}

const plan: LaunchPlan = { kind: "command", argv: ["player"], env: {} };
const app = { uuid: "a1", name: "Player", kind: "command" as const };

describe("AppSupervisor", () => {
  it("starts, settles to running, restarts a crash with doubling backoff, and calls five quick restarts a crash loop", () => {
    const time = fakeTime();
    const { runs, spawner } = fakeSpawner();
    const s = new AppSupervisor(app, () => plan, {
      spawner,
      supervisor: "child",
      now: time.now,
      timers: time.timers,
      settleMs: 2_000,
    });
    s.start();
    expect(s.snapshot()).toMatchObject({ state: "starting", pid: 101 });
    time.advance(2_000);
    expect(s.snapshot()).toMatchObject({ state: "running", since: 2_000 });

    runs[0].exit({ code: 1, signal: null, error: "segfault in player" });
    expect(s.snapshot()).toMatchObject({
      state: "crashed",
      exit_code: 1,
      error: "segfault in player",
      restarts_last_hour: 1,
      restart_at: 3_000,
      crash_loop: false,
    });
    time.advance(1_000);
    expect(runs).toHaveLength(2);
    expect(s.snapshot().state).toBe("starting");
    // Crashes right away, again and again: 2 s, 4 s, 8 s … between restarts.
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      runs.at(-1)?.exit({ code: 2, signal: null, error: null });
      const at = s.snapshot().restart_at ?? 0;
      delays.push(at - time.now());
      time.advance(at - time.now());
    }
    expect(delays).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(s.snapshot()).toMatchObject({ restarts_last_hour: 5, crash_loop: true });
    // Quiet for the crash-loop window: no longer a loop, still counted in the hour.
    time.advance(20 * 60_000);
    expect(s.snapshot()).toMatchObject({ state: "running", restarts_last_hour: 5, crash_loop: false });
    time.advance(60 * 60_000);
    expect(s.snapshot().restarts_last_hour).toBe(0);
  });

  it("reports a launch it cannot plan as a failed start and retries it", () => {
    const time = fakeTime();
    const { runs, spawner } = fakeSpawner();
    const s = new AppSupervisor(
      app,
      () => {
        throw new PlanError("No graphical session: DISPLAY is not set and cage is not installed.");
      },
      { spawner, supervisor: "child", now: time.now, timers: time.timers },
    );
    s.start();
    expect(runs).toHaveLength(0);
    expect(s.snapshot()).toMatchObject({ state: "crashed", error: expect.stringContaining("DISPLAY is not set") });
    time.advance(1_000);
    expect(s.snapshot().restarts_last_hour).toBe(2);
  });

  it("stops without restarting: SIGTERM, then the exit", async () => {
    const { runs, spawner } = fakeSpawner();
    const s = new AppSupervisor(app, () => plan, { spawner, supervisor: "child", settleMs: 10 });
    s.start();
    const stopped = s.stop();
    expect(runs[0].killed).toEqual(["SIGTERM"]);
    runs[0].exit({ code: null, signal: "SIGTERM", error: null });
    await stopped;
    expect(runs).toHaveLength(1);
  });

  it("a missing binary is a reported failure, never an agent crash", async () => {
    const spawner = processSpawner({ env: { PATH: "/nonexistent" } });
    const exit = await new Promise<Exit>((resolve) => spawner({ ...plan, argv: ["no-such-browser"] }, resolve));
    expect(exit).toEqual({ code: null, signal: null, error: "no-such-browser: not found" });
    const s = new AppSupervisor(app, () => ({ ...plan, argv: ["no-such-browser"] }), {
      spawner,
      supervisor: "child",
    });
    s.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(s.snapshot()).toMatchObject({ state: "crashed", error: "no-such-browser: not found" });
    await s.stop();
  });

  it("a process that fails reports its exit code and stderr's last line", async () => {
    const spawner = processSpawner({});
    const exit = await new Promise<Exit>((resolve) =>
      spawner(
        { kind: "command", argv: ["sh", "-c", "echo starting >&2; echo 'cannot open /dev/fb0' >&2; exit 3"], env: {} },
        resolve,
      ),
    );
    expect(exit).toEqual({ code: 3, signal: null, error: "cannot open /dev/fb0" });
  });
});

describe("a browser profile left in use", () => {
  it("is released: the earlier holder of its SingletonLock is stopped, others are left alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "outpost-profile-"));
    const hold = (profile: string) =>
      spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)", "--", `--user-data-dir=${profile}`], {
        stdio: "ignore",
      });
    const holder = hold(dir);
    const stranger = hold(`${dir}-other`);
    symlinkSync(`kiosk-${holder.pid}`, join(dir, "SingletonLock"));
    const exited = new Promise((r) => holder.once("exit", (_code, signal) => r(signal)));
    await new Promise((r) => setTimeout(r, 100));
    releaseProfile(["chromium", `--user-data-dir=${dir}`, "--kiosk"]);
    expect(await exited).toBe("SIGKILL");
    // A lock naming a process of another profile is not ours to stop.
    rmSync(join(dir, "SingletonLock"));
    symlinkSync(`kiosk-${stranger.pid}`, join(dir, "SingletonLock"));
    releaseProfile(["chromium", `--user-data-dir=${dir}`]);
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.exitCode).toBeNull();
    expect(stranger.signalCode).toBeNull();
    stranger.kill();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("launch plans", () => {
  const ctx = {
    display: { name: "HDMI-2@DELL P2422H", graphical_output: "HDMI-2" },
    geometry: { x: 1920, y: 0, width: 1280, height: 1024 },
    env: { DISPLAY: ":0" },
    browser: "chromium",
    cage: false,
    profileDir: "/var/lib/outpost/apps/HDMI-2-a1",
    root: false,
  };

  it("a URL application: kiosk Chromium with its own profile, placed on its display, options filled in", () => {
    const p = planLaunch(
      {
        uuid: "a1",
        name: "Menu",
        launch: { kind: "url", url: "https://menu.example/?shop={{shop}}&lang={{lang}}", args: ["--lang={{lang}}"] },
        options: { shop: "Old Town & Bridge", lang: "hr" },
      },
      ctx,
    );
    expect(p.argv[0]).toBe("chromium");
    expect(p.argv).toEqual(
      expect.arrayContaining([
        "--user-data-dir=/var/lib/outpost/apps/HDMI-2-a1",
        "--window-position=1920,0",
        "--window-size=1280,1024",
        "--kiosk",
        "--lang=hr",
        "--app=https://menu.example/?shop=Old%20Town%20%26%20Bridge&lang=hr",
      ]),
    );
    expect(p.argv).not.toContain("--no-sandbox");
  });

  it("without X: cage; without either: a clear failure", () => {
    const app = {
      uuid: "a1",
      name: "Menu",
      launch: { kind: "url" as const, url: "{{url}}" },
      options: { url: "https://x.example/a?b=c" },
    };
    const caged = planLaunch(app, { ...ctx, env: {}, cage: true });
    expect(caged.argv.slice(0, 3)).toEqual(["cage", "--", "chromium"]);
    expect(caged.argv).toContain("--app=https://x.example/a?b=c");
    expect(() => planLaunch(app, { ...ctx, env: {}, cage: false })).toThrow(PlanError);
    // An option's value that is no web address is refused, not opened.
    expect(() => planLaunch({ ...app, options: { url: "javascript:alert(1)" } }, ctx)).toThrow(
      /Not a web or file address/,
    );
  });

  it("a command application: its argv and env with the options, DISPLAY and where it sits", () => {
    const p = planLaunch(
      {
        uuid: "a2",
        name: "Checkout",
        launch: {
          kind: "command",
          command: ["/opt/checkout", "--currency={{currency}}"],
          env: { RECEIPT: "{{receipt}}" },
        },
        options: { currency: "BAM", receipt: true },
      },
      ctx,
    );
    expect(p).toEqual({
      kind: "command",
      argv: ["/opt/checkout", "--currency=BAM"],
      env: {
        DISPLAY: ":0",
        OUTPOST_DISPLAY: "HDMI-2@DELL P2422H",
        OUTPOST_APPLICATION: "a2",
        OUTPOST_GEOMETRY: "1280x1024+1920+0",
        RECEIPT: "true",
      },
    });
  });

  it("resolveLaunch leaves unknown placeholders empty", () => {
    expect(resolveLaunch({ kind: "url", url: "https://a.example/?x={{x}}" }, {})).toEqual({
      kind: "url",
      url: "https://a.example/?x=",
    });
  });
});

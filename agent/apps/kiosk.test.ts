import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApplicationsReport } from "../../contracts/admin/applications.ts";
import type { AppliedDisplay } from "../../contracts/commands/schema.ts";
import { applyDisplayConfig } from "../providers/displays.ts";
import { AppRunner } from "./runner.ts";
import { processSpawner, which } from "./spawn.ts";
import { readXwd } from "./xwd.ts";

/*
 * For real: an X server (Xvfb), the agent's runner with a URL application on the display, the
 * kiosk Chromium it launches, and the display's framebuffer (Xvfb -fbdir writes it as an XWD
 * file: a screenshot of exactly that display) showing the test's page. Killing the browser is
 * reported as crashed, then the supervisor brings it back and it is running again.
 */

const XVFB = "/usr/bin/Xvfb";
const BROWSER = which("chromium") ?? which("chromium-browser");
const ready = existsSync(XVFB) && BROWSER !== null;
/** The page's colour (#12ab34): nothing else on a fresh X screen is this green. */
const GREEN = [0x12, 0xab, 0x34];

const until = async <T>(read: () => T | null | undefined | false, ms: number, what: string): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The share of the display's pixels that are the page's green. */
function greenShare(file: string) {
  const image = readXwd(readFileSync(file));
  let green = 0;
  for (let y = 0; y < image.height; y += 8) {
    for (let x = 0; x < image.width; x += 8) {
      const [r, g, b] = image.pixel(x, y);
      if (Math.abs(r - GREEN[0]) < 8 && Math.abs(g - GREEN[1]) < 8 && Math.abs(b - GREEN[2]) < 8) green++;
    }
  }
  return green / (Math.ceil(image.width / 8) * Math.ceil(image.height / 8));
}

describe.skipIf(!ready)("a URL application on an X display", () => {
  const dir = mkdtempSync(join(tmpdir(), "outpost-kiosk-"));
  // Displays :140–:149 are this suite's; the pid keeps two runs of it apart.
  const display = `:${140 + (process.pid % 10)}`;
  let xvfb: ChildProcess;
  let server: Server;
  let url = "";
  const changes: ApplicationsReport[] = [];
  const env = { ...process.env, DISPLAY: display };
  const runner = new AppRunner({
    allow: true,
    spawner: processSpawner({ env }),
    supervisor: "child",
    profilesDir: join(dir, "profiles"),
    env,
    which,
    settleMs: 1_000,
    backoff: { baseMs: 500, maxMs: 5_000, resetAfterMs: 60_000 },
    killGraceMs: 1_000,
    // Xvfb has one output, "screen", at 0,0.
    geometries: async () => new Map([["screen", { x: 0, y: 0, width: 480, height: 360 }]]),
  });
  runner.onChange(() => changes.push(runner.report()));

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end('<!doctype html><html><body style="margin:0;background:#12ab34"></body></html>');
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    xvfb = spawn(XVFB, [display, "-screen", "0", "480x360x24", "-fbdir", dir, "-nolisten", "tcp"], { stdio: "ignore" });
    xvfb.on("error", () => {});
    await until(() => existsSync(join(dir, "Xvfb_screen0")), 5_000, "Xvfb");
  });

  afterAll(async () => {
    await runner.stopAll();
    xvfb?.kill();
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const state = () => runner.report().displays[0]?.applications[0];

  it("shows the page on the display, reports running, and comes back after the browser is killed", async () => {
    const configured: AppliedDisplay = {
      uuid: "d-1",
      name: "screen@Xvfb",
      graphical_output: "screen",
      primary: true,
      disabled: false,
      resolution: "480x360",
      refresh_rate: null,
      orientation: "normal",
      applications: [
        {
          uuid: "app-1",
          name: "Test page",
          launch: { kind: "url", url: "{{page}}" },
          options: { page: url },
        },
      ],
    };
    // Through the agent's own provider, as the console's configuration arrives.
    const reply = await applyDisplayConfig(
      { displays: [configured] },
      { allowPower: false, displayConfigFile: join(dir, "displays.json"), apps: runner, env, log: () => {} },
    );
    expect(reply).toMatchObject({ ok: true, result: { applications: { allowed: true, configured: 1 } } });

    const running = await until(() => state()?.state === "running" && state(), 10_000, "running");
    expect(running).toMatchObject({ kind: "url", supervisor: "child", restarts_last_hour: 0 });
    expect(runner.report().displays[0]).toMatchObject({ display: "screen@Xvfb", state: "running", status: 0 });
    const screenshot = join(dir, "Xvfb_screen0");
    await until(() => greenShare(screenshot) > 0.9, 10_000, "the page on the display");

    // The browser dies: crashed (with its signal), then started again and running.
    process.kill(-(running.pid as number), "SIGKILL");
    const crashed = await until(() => state()?.state === "crashed" && state(), 5_000, "crashed");
    expect(crashed).toMatchObject({ signal: "SIGKILL", restarts_last_hour: 1, crash_loop: false });
    expect(runner.report().displays[0]).toMatchObject({ state: "crashed", status: 2 });
    // The capture is live: the page went away with the browser.
    await until(() => greenShare(screenshot) < 0.5, 5_000, "the page gone");
    await until(() => state()?.state === "running", 10_000, "running again");
    expect(changes.map((r) => r.displays[0]?.state)).toEqual(
      expect.arrayContaining(["starting", "running", "crashed"]),
    );
    await until(() => greenShare(screenshot) > 0.9, 10_000, "the page on the display again");
  }, 30_000);
});

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readXwd } from "../../agent/apps/xwd.ts";
import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { bearer, screenshotSizes, signInToLab } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * An application on a display, for real: a runner's agent (outpost-agent run --allow-apps) on an
 * X display (Xvfb), a URL application defined in the Admin Panel with a template option, chosen
 * for the runner's display. The agent opens it in a kiosk browser on that display (its
 * framebuffer shows the test's page), the console shows it running; the browser is killed and
 * the console shows it crashed, then running again.
 */
const ROOT = join(import.meta.dirname, "../..");
const XVFB = "/usr/bin/Xvfb";
const GREEN = [0x12, 0xab, 0x34];

/** The share of the display that shows the page's green. */
function greenShare(file: string) {
  if (!existsSync(file)) return 0;
  const image = readXwd(readFileSync(file));
  let green = 0;
  let all = 0;
  for (let y = 4; y < image.height; y += 16) {
    for (let x = 4; x < image.width; x += 16) {
      const [r, g, b] = image.pixel(x, y);
      all++;
      if (Math.abs(r - GREEN[0]) < 8 && Math.abs(g - GREEN[1]) < 8 && Math.abs(b - GREEN[2]) < 8) green++;
    }
  }
  return green / all;
}

test.skip(!existsSync(XVFB) || !existsSync("/usr/bin/chromium"), "needs Xvfb and Chromium");

test("a URL application runs on a runner's display, is shown running, crashed and running again", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), "outpost-display-apps-"));
  const children: ChildProcess[] = [];
  const page_ = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end('<!doctype html><html><body style="margin:0;background:#12ab34"></body></html>');
  });
  try {
    // The display: an X server whose framebuffer (-fbdir) is the display's screenshot.
    const display = `:${140 + (process.pid % 10)}`;
    const xvfb = spawn(XVFB, [display, "-screen", "0", "480x360x24", "-fbdir", dir, "-nolisten", "tcp"], {
      stdio: "ignore",
    });
    xvfb.on("error", () => {});
    children.push(xvfb);
    await new Promise<void>((r) => page_.listen(0, "127.0.0.1", r));
    const pageUrl = `http://127.0.0.1:${(page_.address() as AddressInfo).port}/`;

    // The application, as a super admin defines it: its page is a template option.
    const admin = await bearer(request, "super-admin@outpost.demo");
    const appName = `E2E Green Page ${Date.now().toString(36)}`;
    const created = await request.post("/api/application/add/", {
      headers: admin,
      data: {
        name: appName,
        template: {
          header: appName,
          description: "A page filled with one colour.",
          configurable_options: [{ type: "text_input", deterministic_id: "page", name: "Page", default_value: "" }],
        },
        launch: { kind: "url", url: "{{page}}" },
      },
    });
    expect(created.status()).toBe(201);
    const app = (await created.json()) as { uuid: string; id: number };

    // The runner, enrolled through the public API, its agent started with --allow-apps on the display.
    const auth = await bearer(request);
    const api = `/api/space/${LAB_SPACE_UUID}`;
    const { locations } = await (
      await request.get(`${api}/location/items/`, { headers: auth, params: { name: "Munich Test Bench" } })
    ).json();
    const added = await request.post(`${api}/device/add/`, {
      headers: auth,
      data: { name: `E2E Kiosk ${Date.now().toString(36)}`, location: (locations[0] as { uuid: string }).uuid },
    });
    const device = (await added.json()) as { uuid: string; name: string };
    const reset = await request.post(`${api}/device/${device.uuid}/installation-code/reset/`, { headers: auth });
    const { installation_code_value: code } = await reset.json();
    const enrolled = await request.post("/api/agent/enroll/", {
      data: { code, machine_id: `e2e-${device.uuid.slice(0, 8)}`, inventory: { device_type: "linux" } },
    });
    const { credential } = await enrolled.json();
    const config = join(dir, "config.json");
    writeFileSync(
      config,
      JSON.stringify({ server: baseURL, device_uuid: device.uuid, space_uuid: LAB_SPACE_UUID, credential }),
      { mode: 0o600 },
    );
    const agent = spawn(process.execPath, ["agent/bin/outpost-agent.ts", "run", "--config", config, "--allow-apps"], {
      cwd: ROOT,
      env: { ...process.env, DISPLAY: display },
      stdio: "ignore",
    });
    children.push(agent);
    const detail = async () => (await request.get(`${api}/device/${device.uuid}/`, { headers: auth })).json();
    await expect.poll(async () => (await detail()).online, { timeout: 20_000 }).toBe(true);

    // The console finds the display (xrandr on Xvfb: one output, "screen") and shows the application on it.
    const detected = await request.post(`${api}/device/${device.uuid}/peripherals/display/detection/`, {
      headers: auth,
    });
    expect(detected.status()).toBe(200);
    const [screen] = ((await detected.json()) as { displays: { uuid: string; resolution: string }[] }).displays;
    const configured = {
      uuid: screen.uuid,
      primary: true,
      disabled: false,
      resolution: screen.resolution,
      refresh_rate: null,
      orientation: "normal",
    };
    const saved = await request.post(`${api}/device/${device.uuid}/peripherals/display/configuration/`, {
      headers: auth,
      data: {
        displays_configuration: [{ ...configured, applications: [{ uuid: app.uuid, config: { page: pageUrl } }] }],
      },
    });
    expect(saved.status()).toBe(200);

    await signInToLab(page);
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${device.uuid}/peripherals`);
    const row = page.getByRole("button", { name: /screen/ }).first();
    const chip = row.locator("[data-app-state]");
    await expect(chip).toHaveText("Running", { timeout: 20_000 });
    // The display shows the application's page.
    await expect.poll(() => greenShare(join(dir, "Xvfb_screen0")), { timeout: 10_000 }).toBeGreaterThan(0.9);
    await row.click();
    const panel = page.getByTestId("display-app-states");
    await expect(panel.getByText(appName)).toBeVisible();
    await screenshotSizes(page, "display-apps-running");

    // Every state the row's chip takes from now on, in order.
    await chip.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { appStates: string[] }).appStates = seen;
      new MutationObserver(() => seen.push(el.getAttribute("data-app-state") ?? "")).observe(el, {
        attributes: true,
        attributeFilter: ["data-app-state"],
      });
    });
    const pid = (await detail()).latest_telemetry.applications.displays[0].applications[0].pid as number;
    process.kill(-pid, "SIGKILL");
    // Crashed, then (after its restart and the settle time) running again.
    const states = () => page.evaluate(() => (window as unknown as { appStates: string[] }).appStates);
    await expect
      .poll(
        async () => {
          const seen = await states();
          const crashed = seen.indexOf("crashed");
          return crashed >= 0 && seen.lastIndexOf("running") > crashed;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect((await states()).slice(0, 3)).toEqual(["crashed", "starting", "running"]);
    await expect(chip).toHaveText("Running");
    await expect(panel.getByText("Restarts in the last hour: 1")).toBeVisible();
    await expect.poll(() => greenShare(join(dir, "Xvfb_screen0")), { timeout: 10_000 }).toBeGreaterThan(0.9);

    agent.kill("SIGTERM");
    await new Promise((r) => agent.once("exit", r));
    // Leave no test application behind: off the display, then deleted (a system developer's right).
    const cleared = await request.post(`${api}/device/${device.uuid}/peripherals/display/configuration/`, {
      headers: auth,
      data: { displays_configuration: [{ ...configured, applications: [] }] },
    });
    expect(cleared.status()).toBe(200);
    const sysDev = await bearer(request, "sys-dev@outpost.demo");
    expect((await request.delete(`/api/application/${app.id}/`, { headers: sysDev })).status()).toBe(204);
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    page_.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

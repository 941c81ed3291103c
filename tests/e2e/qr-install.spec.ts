import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseTerminalQr, qrModules } from "../../agent/terminal-qr.ts";
import { ARTIFACTS, darkScreenshot, screenshot, signIn } from "./support.ts";
import { chromium, expect, test } from "./test.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const AGENT = "agent/bin/outpost-agent.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    // Chromium's built-in fake camera (moving test frames); permission is granted per test.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream"],
  },
});
// A phone: Scan QR is offered on narrow and touch screens only.
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };

async function openSpareUnit(page: import("@playwright/test").Page) {
  await signIn(page);
  await page
    .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
    .fill("ZG Spare Unit");
  await page
    .getByRole("list", { name: "Devices" })
    .getByRole("link", { name: /ZG Spare Unit/ })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("install-code")).toBeVisible();
  return dialog;
}

test.describe("Scan QR on a phone", () => {
  test.use(phone);

  test("Scan QR streams the camera and keeps looking until it reads a device code", async ({ page, context }) => {
    await context.grantPermissions(["camera"]);
    const dialog = await openSpareUnit(page);
    await dialog.getByRole("button", { name: "Scan QR" }).click();
    const scan = page.getByTestId("qr-scan");
    await expect(scan.getByText("Scan the device's QR code")).toBeVisible();
    // Chromium's fake camera plays frames (no QR in them): the video runs, no error shows.
    await expect
      .poll(() => scan.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(scan.getByRole("alert")).toHaveCount(0);
    await screenshot(page, `${ARTIFACTS}/qr-scan-fake-camera-mobile.png`);
    // Closing stops the camera.
    await page.keyboard.press("Escape");
    await expect(scan).toHaveCount(0);
  });

  test("without camera permission the scan says so", async ({ page, context }) => {
    await context.clearPermissions();
    const dialog = await openSpareUnit(page);
    await dialog.getByRole("button", { name: "Scan QR" }).click();
    const scan = page.getByTestId("qr-scan");
    await expect(scan.getByRole("alert")).toHaveText(
      "Camera access was not granted. Allow the camera for this site and try again.",
    );
    await screenshot(page, `${ARTIFACTS}/qr-scan-denied-mobile.png`, { settleMs: 300 });
  });

  test("on a desktop there is no Scan QR", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, hasTouch: false });
    const page = await context.newPage();
    const dialog = await openSpareUnit(page);
    await expect(dialog.getByRole("button", { name: "Reset code" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Scan QR" })).toHaveCount(0);
    await context.close();
  });
});

/**
 * A Y4M clip (what Chromium's --use-file-for-fake-video-capture plays in a loop) of QR modules
 * centred in a 640×480 frame: black on white, or as a dark terminal shows it (light on dark).
 */
function qrClip(modules: boolean[][], { dark = false } = {}, width = 640, height = 480): Buffer {
  const scale = Math.floor((Math.min(width, height) * 0.8) / modules.length);
  const left = Math.floor((width - modules[0].length * scale) / 2);
  const top = Math.floor((height - modules.length * scale) / 2);
  const [ground, ink] = dark ? [24, 220] : [255, 0];
  const luma = Buffer.alloc(width * height, ground);
  for (const [y, row] of modules.entries())
    for (const [x, isInk] of row.entries()) {
      if (!isInk) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + y * scale + dy) * width + left + x * scale;
        luma.fill(ink, start, start + scale);
      }
    }
  const chroma = Buffer.alloc(width * height * 0.5, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}

/** The signed-in page's bearer token (the console keeps its session in localStorage). */
async function bearer(page: import("@playwright/test").Page) {
  const session = await page.evaluate(() => localStorage.getItem("outpost.session"));
  return { Authorization: `Bearer ${JSON.parse(session ?? "{}").access_token}` };
}

test("a phone's camera reads the QR code a waiting agent prints and installs the device", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // A new runner device to install (through the API: the add form has its own test).
  await openSpareUnit(page);
  const space = new URL(page.url()).pathname.split("/")[4] ?? "";
  const auth = await bearer(page);
  const spare = await page.request.get(`/api/space/${space}/device/items/`, {
    headers: auth,
    params: { search: "ZG Spare Unit" },
  });
  const location = (await spare.json()).devices[0].location_uuid as string;
  const name = `E2E QR ${Date.now().toString(36)}`;
  const added = await page.request.post(`/api/space/${space}/device/add/`, { headers: auth, data: { name, location } });
  expect(added.status()).toBeLessThan(300);
  const device = (await added.json()).uuid as string;

  // A real agent without a code: `outpost-agent register` prints its QR code and waits.
  const config = join(mkdtempSync(join(tmpdir(), "outpost-register-")), "config.json");
  let output = "";
  const agent: ChildProcess = spawn(
    process.execPath,
    [AGENT, "register", "--server", baseURL ?? "", "--config", config, "--poll-interval", "1"],
    { cwd: ROOT },
  );
  agent.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  agent.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => agent.on("exit", resolve));
  await expect.poll(() => output, { timeout: 30_000 }).toContain("waiting to be claimed");
  const unclaimed = /unclaimed device ([0-9a-f-]{36})/.exec(output)?.[1] ?? "";
  const drawn = output
    .split("\n")
    .filter((line) => /^[█▀▄ ]{21,}$/.test(line))
    .join("\n");
  // What the terminal shows is the uuid's QR code (read back module by module).
  expect(parseTerminalQr(drawn).slice(0, qrModules(unclaimed).length)).toEqual(qrModules(unclaimed));

  // First a QR that is not ours (a web address), then the agent's: Chromium reads the clip
  // each time the camera starts, so the file is rewritten between the two scans.
  const clip = join(tmpdir(), `outpost-qr-${Date.now()}.y4m`);
  writeFileSync(clip, qrClip(qrModules("https://example.com/menu")));
  // A phone whose back camera sees that QR: Chromium with the clip as its fake camera.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  });
  try {
    const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
    await phone.grantPermissions(["camera"]);
    // Keep every stream the page opens, to check that closing the scan stops the camera.
    await phone.addInitScript(() => {
      const streams: MediaStream[] = [];
      Object.assign(window, { e2eStreams: streams });
      const media = navigator.mediaDevices;
      const open = media.getUserMedia.bind(media);
      media.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        streams.push(stream);
        return stream;
      };
    });
    const mobile = await phone.newPage();
    await signIn(mobile);
    await mobile.goto(`/devices/device/view/${space}/${device}/general`);
    const dialog = mobile.getByRole("dialog");
    const scan = mobile.getByTestId("qr-scan");
    await dialog.getByRole("button", { name: "Scan QR" }).click();
    await expect(scan.getByRole("status")).toHaveText(
      "This QR code is not an Outpost device code. Try the one on the device's screen.",
    );
    await screenshot(mobile, `${ARTIFACTS}/qr-scan-dialog-mobile.png`);
    await mobile.keyboard.press("Escape");
    await expect(scan).toHaveCount(0);
    const liveTracks = () =>
      mobile.evaluate(
        () =>
          (window as unknown as { e2eStreams: MediaStream[] }).e2eStreams
            .flatMap((stream) => stream.getTracks())
            .filter((track) => track.readyState === "live").length,
      );
    await expect.poll(liveTracks).toBe(0);

    // The agent's terminal as a phone camera sees it on a dark terminal: light modules on dark.
    writeFileSync(clip, qrClip(parseTerminalQr(drawn), { dark: true }));
    await dialog.getByRole("button", { name: "Scan QR" }).click();
    await expect(mobile.getByText("Code valid. Device will install in a few moments.")).toBeVisible({
      timeout: 20_000,
    });
    await expect(mobile.getByTestId("qr-scan")).toHaveCount(0);
    // The waiting agent collects its credential by itself, saves it owner-only and says so.
    expect(await exited, output).toBe(0);
    expect(output).toContain(`claimed as device ${device}`);
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(config, "utf8"))).toMatchObject({ device_uuid: device, server: baseURL });
    const detail = await page.request.get(`/api/space/${space}/device/${device}/`, { headers: auth });
    expect((await detail.json()).connected_status).toBe("connected");
  } finally {
    agent.kill();
    await browser.close();
  }
});

/** Opens Zagreb HQ's devices tab from the locations page, like a person. */
async function openZagrebDevices(page: import("@playwright/test").Page) {
  await signIn(page);
  await page.getByRole("link", { name: "Locations" }).click();
  await page.getByLabel("Search name, display id, city or address").fill("Zagreb HQ");
  await page
    .getByRole("link", { name: /Zagreb HQ/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("link", { name: "Devices" }).click();
  await expect(page).toHaveURL(/\/locations\/location\/view\/[^/]+\/devices$/);
  return { dialog, devicesUrl: page.url() };
}

test.describe("Camera info and closing from a location", () => {
  test("a location's camera opens camera info; Connect validates, then saves and tests through a runner", async ({
    page,
  }) => {
    const { dialog, devicesUrl } = await openZagrebDevices(page);
    await dialog.getByRole("link", { name: /ZG Entrance Camera/ }).click();
    await expect(page).toHaveURL(/\/locations\/camera\/view\/[^/]+\/[^/]+\/general$/);
    const info = dialog.getByTestId("camera-info");
    await expect(dialog.getByRole("heading", { name: "ZG Entrance Camera" })).toBeVisible();
    await expect(info.getByLabel("IP address")).not.toHaveValue("");
    await expect(info.getByLabel("Main stream")).not.toHaveValue("");

    // The password is never returned: Connect asks for it (Required.), and for every cleared field.
    await info.getByLabel("Username").fill("");
    await info.getByRole("button", { name: "Connect" }).click();
    await expect(info.locator("#camera-password-error")).toHaveText("Required.");
    await expect(info.locator("#camera-username-error")).toHaveText("Required.");
    await expect(info.locator("#camera-ip_address-error")).toHaveCount(0);
    await screenshot(page, `${ARTIFACTS}/camera-info.png`);

    await info.getByLabel("Username").fill("admin");
    await info.getByLabel("Password").fill("not-sent");
    await info.getByRole("button", { name: "Connect" }).click();
    // Connect saves and tests through a runner of Zagreb HQ (the full path with a runner is
    // device-spec-sweep.spec): whatever the runners' state, an outcome is said, never nothing.
    const outcome = /Camera reachable|not reachable|Device has no app runners available/;
    await expect(page.getByText(outcome).first()).toBeVisible({ timeout: 30_000 });
    await info.getByRole("button", { name: "Refresh Snapshot" }).click();
    await expect(
      info
        .getByTestId("camera-snapshot-image")
        .or(page.getByText(/Device has no app runners available|Failed to fetch the snapshot/).first()),
    ).toBeVisible({ timeout: 30_000 });

    await darkScreenshot(page, "camera-info-dark", 200);

    // Closing returns to the location's device list it was opened from (devices.md §2 Flyout).
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(devicesUrl);
    await expect(page.getByRole("dialog").getByRole("link", { name: /ZG Entrance Camera/ })).toBeVisible();
  });

  test("a camera in the device list opens camera info, in cards and in rows", async ({ page }) => {
    await signIn(page);
    await page
      .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
      .fill("ZG Entrance Camera");
    await page
      .getByRole("list", { name: "Devices" })
      .getByRole("link", { name: /ZG Entrance Camera/ })
      .click();
    await expect(page).toHaveURL(/\/devices\/camera\/view\/[^/]+\/[^/]+\/general$/);
    await expect(page.getByRole("dialog").getByTestId("camera-info")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/devices(\?|$)/);
    await page.getByRole("button", { name: "Table view" }).click();
    await page
      .getByRole("table", { name: "Devices" })
      .getByRole("row", { name: /ZG Entrance Camera/ })
      .click();
    await expect(page).toHaveURL(/\/devices\/camera\/view\/[^/]+\/[^/]+\/general$/);
    await expect(page.getByRole("dialog").getByTestId("camera-info")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Grid view" }).click();
  });

  test("a device opened from a location's device list closes back to that list", async ({ page }) => {
    const { dialog, devicesUrl } = await openZagrebDevices(page);
    await dialog.getByRole("link", { name: /ZG Reception Kiosk/ }).click();
    await expect(page).toHaveURL(/\/locations\/device\/view\/[^/]+\/[^/]+\/general$/);
    const deviceUrl = page.url();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "ZG Reception Kiosk" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(devicesUrl);
    await expect(page.getByRole("dialog").getByRole("link", { name: /ZG Reception Kiosk/ })).toBeVisible();

    // Opened by its link (no earlier page in this tab): closing still lands on its location's devices.
    await page.goto(deviceUrl);
    await expect(page.getByRole("dialog").getByRole("heading", { name: "ZG Reception Kiosk" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(devicesUrl);
    await expect(page.getByRole("dialog").getByRole("link", { name: /ZG Reception Kiosk/ })).toBeVisible();
  });
});

test("a device in demo mode shows the Demo mode chip in its flyout header; others do not", async ({ page }) => {
  await signIn(page);
  const search = page.getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag");
  const list = page.getByRole("list", { name: "Devices" });
  await search.fill("PU Test Kiosk");
  await list.getByRole("link", { name: /PU Test Kiosk/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "PU Test Kiosk" })).toBeVisible();
  await expect(dialog.getByText("Demo mode", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/devices(\?|$)/);
  await search.fill("ZG Reception Kiosk");
  await list.getByRole("link", { name: /ZG Reception Kiosk/ }).click();
  await expect(dialog.getByRole("heading", { name: "ZG Reception Kiosk" })).toBeVisible();
  await expect(dialog.getByText("Demo mode", { exact: true })).toHaveCount(0);
});

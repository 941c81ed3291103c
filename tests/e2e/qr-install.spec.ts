import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, type Page, test } from "@playwright/test";
import qrcode from "qrcode-generator";
import { ARTIFACTS, signIn } from "./support.ts";

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
  await page.getByLabel("Search by name, description, machine id or uuid").fill("ZG Spare Unit");
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
    await page.screenshot({ path: `${ARTIFACTS}/qr-scan-fake-camera-mobile.png` });
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
    await page.waitForTimeout(300); // the dialog's fade-in
    await page.screenshot({ path: `${ARTIFACTS}/qr-scan-denied-mobile.png` });
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
 * A Y4M clip (what Chromium's --use-file-for-fake-video-capture plays in a loop) of a QR code
 * carrying `text`, black modules on white with a quiet zone, centred in a 640×480 frame.
 */
function qrClip(text: string, width = 640, height = 480): Buffer {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount() + 8; // 4 modules of quiet zone each side
  const scale = Math.floor((Math.min(width, height) * 0.8) / modules);
  const left = Math.floor((width - modules * scale) / 2);
  const top = Math.floor((height - modules * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules - 8; row++)
    for (let col = 0; col < modules - 8; col++) {
      if (!qr.isDark(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + (row + 4) * scale + dy) * width + left + (col + 4) * scale;
        luma.fill(0, start, start + scale);
      }
    }
  const chroma = Buffer.alloc(width * height * 0.5, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}

/** The signed-in page's bearer token (the console keeps its session in localStorage). */
async function bearer(page: Page) {
  const session = await page.evaluate(() => localStorage.getItem("outpost.session"));
  return { Authorization: `Bearer ${JSON.parse(session ?? "{}").access_token}` };
}

test("a phone's camera reads the QR of an unclaimed device and installs it", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // Setup through the API: a new runner device, and an agent's unclaimed registration (as the
  // agent makes it: POST /api/agent/unclaimed/), whose uuid the QR carries.
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
  const registered = await page.request.post("/api/agent/unclaimed/", {
    data: { machine_id: `qr-${name}`, inventory: { device_type: "raspberry_pi" } },
  });
  expect(registered.status()).toBe(201);
  const { unclaimed_device_uuid: unclaimed, secret } = await registered.json();

  // First a QR that is not ours (a web address), then the device's: Chromium reads the clip
  // each time the camera starts, so the file is rewritten between the two scans.
  const clip = join(tmpdir(), `outpost-qr-${Date.now()}.y4m`);
  writeFileSync(clip, qrClip("https://example.com/menu"));
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
    await mobile.screenshot({ path: `${ARTIFACTS}/qr-scan-dialog-mobile.png` });
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

    writeFileSync(clip, qrClip(unclaimed));
    await dialog.getByRole("button", { name: "Scan QR" }).click();
    await expect(mobile.getByText("Code valid. Device will install in a few moments.")).toBeVisible({
      timeout: 20_000,
    });
    await expect(mobile.getByTestId("qr-scan")).toHaveCount(0);
    // The claim is stored: the device waits for its agent, then the agent collects its credential.
    const detail = async () =>
      (await page.request.get(`/api/space/${space}/device/${device}/`, { headers: auth })).json();
    await expect.poll(async () => (await detail()).connected_status).toBe("installation_pending");
    const enrolled = await page.request.post("/api/agent/enroll/", {
      data: { unclaimed_device_uuid: unclaimed, secret, machine_id: `qr-${name}` },
    });
    expect(enrolled.status()).toBe(200);
    await expect.poll(async () => (await detail()).connected_status).toBe("connected");
  } finally {
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
  test("a location's camera opens camera info; Connect validates and says it cannot test yet", async ({ page }) => {
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
    await page.screenshot({ path: `${ARTIFACTS}/camera-info.png` });

    await info.getByLabel("Username").fill("admin");
    await info.getByLabel("Password").fill("not-sent");
    await info.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByText("testing a camera connection is not available yet", { exact: false })).toBeVisible();
    await info.getByRole("button", { name: "Refresh Snapshot" }).click();
    await expect(info.getByRole("status")).toContainText("Snapshots are not available yet");

    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${ARTIFACTS}/camera-info-dark.png` });
    await page.evaluate(() => document.documentElement.classList.remove("dark"));

    // Closing returns to the location's device list it was opened from (devices.md §2 Flyout).
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(devicesUrl);
    await expect(page.getByRole("dialog").getByRole("link", { name: /ZG Entrance Camera/ })).toBeVisible();
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
  const search = page.getByLabel("Search by name, description, machine id or uuid");
  const list = page.getByRole("list", { name: "Devices" });
  await search.fill("PU Test Kiosk");
  await list.getByRole("link", { name: /PU Test Kiosk/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "PU Test Kiosk" })).toBeVisible();
  await expect(dialog.getByText("Demo mode", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/devices$/);
  await search.fill("ZG Reception Kiosk");
  await list.getByRole("link", { name: /ZG Reception Kiosk/ }).click();
  await expect(dialog.getByRole("heading", { name: "ZG Reception Kiosk" })).toBeVisible();
  await expect(dialog.getByText("Demo mode", { exact: true })).toHaveCount(0);
});

import { expect, test } from "@playwright/test";
import { ARTIFACTS, signIn } from "./support.ts";

// A phone: Scan QR is offered on narrow and touch screens only.
test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // Chromium's built-in fake camera (moving test frames); permission is granted per test.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--use-fake-device-for-media-stream"],
  },
});

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
  await page.screenshot({ path: `${ARTIFACTS}/qr-scan-dialog-mobile.png` });
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

import { expect, test } from "@playwright/test";
import { ARTIFACTS, signIn } from "./support.ts";

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    await expect(page.getByRole("dialog").getByRole("heading", { name: "ZG Reception Kiosk" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(devicesUrl);
    await expect(page.getByRole("dialog").getByRole("link", { name: /ZG Reception Kiosk/ })).toBeVisible();
  });
});

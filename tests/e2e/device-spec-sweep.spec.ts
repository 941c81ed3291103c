import { DEMO_DEVICE_SPECS, DEMO_SPACE_UUID, LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { startLabRunner } from "./lab-runner.ts";
import { signIn, signInToLab } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * devices.md §4, §8: what only a browser can show. Detect Devices subscribes to the
 * location's live channel when the panel shows the location (not when Detect is pressed), and
 * the Peripherals tab reads GET …/display/configuration/ and says "Failed to fetch displays."
 * when that read fails. Camera settings' Connect and Refresh Snapshot run through a runner of
 * the camera's location (a real simulator session).
 */

test("Detect Devices joins the location's room as soon as a location is picked", async ({ page }) => {
  await signIn(page);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("menuitem", { name: "Detect Devices" }).click();
  const panel = page.getByRole("dialog");
  const joined = page.waitForEvent("websocket", (ws) => ws.url().includes("/parties/location/"));
  await panel.getByRole("combobox", { name: "Location" }).click();
  await page.getByRole("option", { name: "Zadar City Mall" }).click();
  // The room is joined before anything is pressed; Detect is still on offer.
  await joined;
  await expect(panel.getByRole("button", { name: /^Detect/ })).toBeEnabled();
});

test("a failed display configuration read says 'Failed to fetch displays.'", async ({ page }) => {
  const device = DEMO_DEVICE_SPECS.find((d) => d.space === "demo" && d.status === "online" && d.type === "linux");
  if (!device) throw new Error("the demo fleet has no online Linux Computer");
  await page.route("**/peripherals/display/configuration/**", (route) =>
    route.request().method() === "GET"
      ? route.fulfill({ status: 500, json: { code: "internal", message: "boom" } })
      : route.fallback(),
  );
  await signIn(page);
  await page.goto(`/devices/device/view/${DEMO_SPACE_UUID}/${device.uuid}/peripherals`);
  await expect(page.getByText("Failed to fetch displays.")).toBeVisible({ timeout: 20_000 });
});

test("camera settings: Connect saves and tests through the location's runner; Refresh Snapshot shows one", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const camera = DEMO_DEVICE_SPECS.find((d) => d.space === "lab" && d.type === "camera");
  if (!camera) throw new Error("the lab has no camera");
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Camera Runner");
  try {
    await signInToLab(page);
    await page.goto(`/devices/camera/view/${LAB_SPACE_UUID}/${camera.uuid}/general`);
    const panel = page.getByTestId("camera-info");
    await panel.getByLabel("Password").fill("camera-pw");
    await panel.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByText("Camera reachable: HTTP 200, RTSP 200.")).toBeVisible({ timeout: 30_000 });
    await panel.getByRole("button", { name: "Refresh Snapshot" }).click();
    await expect(panel.getByTestId("camera-snapshot-image")).toBeVisible({ timeout: 30_000 });
  } finally {
    runner.stop();
  }
});

import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { startLabRunner } from "./lab-runner.ts";
import { ARTIFACTS, screenshot, screenshotSizes, signInToLab } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * What the console says is what happened on the device: Asset Info → Services lists the
 * services the (simulated) agent reports with their real state, a reboot is answered 204
 * ("Action successful.") and really takes the device offline, and Services then shows the last
 * known state with its time instead of live green rows.
 */
test("Services show the agent's real services; a reboot takes the device offline and Services say so", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Truthful Runner");
  try {
    await signInToLab(page);
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/assetInfo`);
    await expect(page.getByRole("heading", { name: runner.name })).toBeVisible();
    await page.getByRole("button", { name: "Services", exact: true }).click();
    const rows = page.getByTestId("service-row");
    // The agent's own report (telemetry), never the four hard-coded "Healthy" rows.
    await expect(rows.filter({ hasText: "Outpost agent" })).toContainText("Running", { timeout: 30_000 });
    await expect(rows.filter({ hasText: "Vision" })).toHaveCount(1);
    await expect(page.getByTestId("services-table").getByText("Healthy")).toHaveCount(0);
    await screenshotSizes(page, "services");
    await page.setViewportSize({ width: 1440, height: 900 });

    // The simulator simulates power: 204, then the device goes offline for its boot; Services,
    // still open, turn into the last known state with its time.
    await page.getByTestId("device-toolbar").getByRole("button", { name: "Reboot" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reboot" }).click();
    await expect(page.getByText("Action successful.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("services-stale")).toContainText("The device is offline: the last known state", {
      timeout: 20_000,
    });
    await screenshot(page, `${ARTIFACTS}/services-offline-1440-light.png`);
  } finally {
    runner.stop();
  }
});

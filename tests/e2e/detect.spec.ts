import { simDetections } from "../../agent/sim/simulator.ts";
import { startLabRunner } from "./lab-runner.ts";
import { ARTIFACTS, darkScreenshot, screenshot, signIn, signInToLab } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

/**
 * Detect Devices (console.md §2.7, devices.md §2): an operator scans a location's network
 * through its runner device and adds what was found as devices. The runner is a real agent
 * session (the simulator's, answering detect-devices with its fixed neighbours), in the lab
 * space so the demo space's lists stay as the other tests expect them.
 */

async function openDetect(page: Page, location: string) {
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByRole("menuitem", { name: "Detect Devices" }).click();
  await expect(page).toHaveURL(/\/devices\/detectDevices$/);
  const panel = page.getByRole("dialog");
  await expect(panel.getByRole("heading", { name: "Detect Devices" })).toBeVisible();
  await expect(panel.getByText("Choose a location to scan its network for devices.")).toBeVisible();
  await panel.getByRole("combobox", { name: "Location" }).click();
  await page.getByRole("option", { name: location }).click();
  return panel;
}

test("a location without a running runner shows its last scan, and Detect again says no service is available", async ({
  page,
}) => {
  await signIn(page);
  const panel = await openDetect(page, "Zadar City Mall");
  // The seeded scan: four machines, one of them already a device (its box checked and disabled).
  await expect(panel.getByTestId("detect-total")).toHaveText("4");
  await expect(panel.getByTestId("detect-last-scan")).not.toHaveText("Never");
  const table = panel.getByRole("table", { name: "Detected devices" });
  await expect(table.getByRole("row")).toHaveCount(5);
  const known = panel.getByRole("checkbox", { name: "zd-info-north is already a device" });
  await expect(known).toBeDisabled();
  await expect(known).toBeChecked();
  await panel.getByRole("checkbox", { name: "Select android-tv-2b91" }).click();
  await expect(panel.getByText("1 selected")).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/detect-seeded-light.png`);

  // No agent runs in this test: the scan cannot be made, and the panel says what to check.
  await panel.getByRole("button", { name: "Detect again" }).click();
  await expect(
    panel.getByText(
      "We couldn't find available detection services. Check if you have a proper Runner Device installed and running selected Location",
    ),
  ).toBeVisible();
  await expect(panel.getByRole("button", { name: "Try Again" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Add", exact: true })).toBeDisabled();

  // Cancel goes back to the device list.
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/devices$/);
});

test("an operator detects the machines next to a running runner and adds two of them as devices", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Detect Runner");
  const { api, auth } = runner;
  const munich = { uuid: runner.location_uuid };
  const found = simDetections(runner.uuid).sort((a, b) => a.name.localeCompare(b.name));
  try {
    await signInToLab(page);
    const panel = await openDetect(page, "Munich Test Bench");
    await panel.getByRole("button", { name: /^Detect/ }).click();

    // The runner's findings arrive on the location room (devicesDetected) and fill the table.
    const table = panel.getByRole("table", { name: "Detected devices" });
    for (const finding of found) await expect(table.getByRole("row", { name: new RegExp(finding.name) })).toBeVisible();
    await expect(panel.getByTestId("detect-total")).toHaveText(String(found.length));
    await expect(panel.getByRole("button", { name: "Detect again" })).toBeEnabled();

    const [first, second] = found;
    await panel.getByRole("checkbox", { name: `Select ${first.name}` }).click();
    await panel.getByRole("checkbox", { name: `Select ${second.name}` }).click();
    await expect(panel.getByText("2 selected")).toBeVisible();
    await screenshot(page, `${ARTIFACTS}/detect-results-light.png`);
    // The theme toggle sits behind the open sheet; dark is the class the toggle sets.
    await darkScreenshot(page, "detect-results-dark", 400);
    await panel.getByRole("button", { name: "Add", exact: true }).click();

    // Add Device 1/2: the detected name is prefilled; the operator renames this one.
    await expect(panel.getByRole("heading", { name: "Add Device 1/2" })).toBeVisible();
    await expect(panel.getByLabel("Name")).toHaveValue(first.name);
    const renamed = `${first.name} (bench)`;
    await panel.getByLabel("Name").fill(renamed);
    await screenshot(page, `${ARTIFACTS}/detect-step-light.png`);
    await panel.getByRole("button", { name: "Add", exact: true }).click();
    await expect(panel.getByRole("heading", { name: "Add Device 2/2" })).toBeVisible();
    await expect(panel.getByLabel("Name")).toHaveValue(second.name);
    await panel.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page).toHaveURL(/\/devices$/);

    // Both are devices of the lab space now, at the runner's location, with the scan's addresses.
    for (const [name, finding] of [
      [renamed, first],
      [second.name, second],
    ] as const) {
      const res = await request.get(`${api}/device/items/`, { headers: auth, params: { search: name } });
      const { devices } = (await res.json()) as {
        devices: { uuid: string; name: string; location_uuid: string }[];
      };
      const device = devices.find((d) => d.name === name);
      expect(device?.location_uuid).toBe(munich.uuid);
      const detail = await (await request.get(`${api}/device/${device?.uuid}/`, { headers: auth })).json();
      expect(detail.ip_address).toBe(finding.ip_address);
      expect(detail.mac_addresses.map((m: string) => m.toLowerCase())).toContain(finding.mac_address.toLowerCase());
    }

    // Back in Detect Devices, the two are devices already and cannot be added twice.
    const again = await openDetect(page, "Munich Test Bench");
    await expect(again.getByRole("checkbox", { name: `${first.name} is already a device` })).toBeDisabled();
    await expect(again.getByRole("checkbox", { name: `${second.name} is already a device` })).toBeDisabled();
    for (const rest of found.slice(2))
      await expect(again.getByRole("checkbox", { name: `Select ${rest.name}` })).toBeEnabled();
  } finally {
    runner.stop();
  }
});

import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { simHardware } from "../../agent/sim/hardware.ts";
import { simPeripherals } from "../../agent/sim/simulator.ts";
import { PERIPHERAL_TYPES } from "../../contracts/reference.ts";
import { startLabRunner } from "./lab-runner.ts";
import { ARTIFACTS, darkScreenshot, screenshot, signInToLab } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * The Peripherals tab's actions against a real agent session (devices.md §2, §4 Displays, §7,
 * §8): Detect displays and Detect misc. ask the agent and add what is new; a display's
 * configuration is saved through the agent while online, and stored with a warning while offline.
 */
test("an operator detects a device's displays and peripherals and configures a display online and offline", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Peripherals Runner");
  const { api, auth } = runner;
  const known = new Set<string>(PERIPHERAL_TYPES.map((p) => p.key));
  const hardware = simHardware({ uuid: runner.uuid }, simPeripherals(runner.uuid));
  const displays = hardware.displays.map((d) => d.name.split("@")[0] ?? d.name);
  const peripherals = hardware.peripherals.filter((p) => known.has(p.type)).map((p) => p.name);
  const config = async () =>
    (
      await (
        await request.get(`${api}/device/${runner.uuid}/peripherals/display/configuration/`, { headers: auth })
      ).json()
    ).displays as { name: string; orientation: string; applications: { name: string }[] }[];

  try {
    await signInToLab(page);
    await page.goto(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/peripherals`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: runner.name })).toBeVisible();
    const toolbar = dialog.getByRole("toolbar", { name: "Peripheral actions" });

    // A new device knows no screens: Detect displays asks its agent and adds them.
    await toolbar.getByRole("button", { name: "Detect displays" }).click();
    await expect(page.getByText(`New displays detected: ${displays.length}`)).toBeVisible();
    for (const name of displays)
      await expect(dialog.getByRole("button", { name: new RegExp(`^${name}`) })).toBeVisible();
    await toolbar.getByRole("button", { name: "Detect misc." }).click();
    await expect(
      page.getByText(
        peripherals.length ? `New peripherals detected: ${peripherals.length}` : "No new peripherals detected",
      ),
    ).toBeVisible();
    for (const name of peripherals)
      await expect(dialog.getByRole("button", { name: new RegExp(`^${name}`) })).toBeVisible();
    // The same screens again: nothing new.
    await toolbar.getByRole("button", { name: "Detect displays" }).click();
    await expect(page.getByText("No new displays detected")).toBeVisible();

    // Configure the first screen: rotate it and show an application; the agent applies it.
    await dialog.getByRole("button", { name: new RegExp(`^${displays[0]}`) }).click();
    await dialog.getByRole("combobox", { name: "Orientation" }).click();
    await page.getByRole("option", { name: "90°", exact: true }).click();
    await dialog.getByRole("combobox", { name: "Add application" }).click();
    await page.getByRole("option", { name: "Web Kiosk" }).click();
    await expect(dialog.getByText("Unsaved changes")).toBeVisible();
    // The chosen application's template says what it is (its header and description) over its options.
    await dialog.getByRole("button", { name: "Web Kiosk", exact: true }).click();
    const intro = dialog.getByTestId("app-template-intro");
    await expect(intro).toContainText("Web Kiosk");
    await expect(intro).toContainText("Shows one web page full screen and reloads it when it fails.");
    await screenshot(page, `${ARTIFACTS}/peripherals-config-light.png`, { settleMs: 300 });
    await darkScreenshot(page, "peripherals-config-dark", 400);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(`Display configuration for device ${runner.name} successfully saved.`)).toBeVisible();
    await expect(dialog.getByText("Unsaved changes")).toBeHidden();
    const saved = (await config()).find((d) => d.name.startsWith(displays[0] ?? ""));
    expect(saved?.orientation).toBe("90");
    expect(saved?.applications.map((a) => a.name)).toEqual(["Web Kiosk"]);

    // The agent stops: detection waits for it, and a change is stored with a warning.
    runner.stop();
    await expect(toolbar.getByRole("button", { name: "Detect displays" })).toBeDisabled({ timeout: 30_000 });
    await expect(dialog.getByText("The device is offline; detection needs it online.")).toBeVisible();
    await dialog.getByRole("combobox", { name: "Orientation" }).click();
    await page.getByRole("option", { name: "Normal", exact: true }).click();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Configuration updated, but device is offline")).toBeVisible();
    expect((await config()).find((d) => d.name.startsWith(displays[0] ?? ""))?.orientation).toBe("normal");
  } finally {
    runner.stop();
  }
});

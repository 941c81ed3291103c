import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARTIFACTS, darkScreenshot, screenshot, signIn } from "./support.ts";
import { expect, type Locator, type Page, test } from "./test.ts";

/**
 * An operator drives a real device agent from the console: adds a runner device, installs the
 * agent with the code from the card, watches the flyout go online, takes a screenshot, reboots
 * (the agent's dry run) and sees the device go offline — no reloads, no mocked backend.
 */
const ROOT = join(import.meta.dirname, "../..");
const AGENT = "agent/bin/outpost-agent.ts";

async function addRunner(page: Page, name: string): Promise<Locator> {
  await page.getByRole("button", { name: "Add" }).click();
  await page.getByRole("menuitem", { name: "Add Runner Device" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("combobox", { name: "Location" }).click();
  await page.getByRole("option", { name: "Zagreb HQ" }).click();
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page).toHaveURL(/\/devices\/device\/view\/[^/]+\/[^/]+\/general$/);
  await expect(dialog.getByRole("heading", { name })).toBeVisible();
  return dialog;
}

/** The square status icon of the flyout header (data-look online/offline/…). */
const headerLook = (dialog: Locator) => dialog.locator("[data-look]").first();

test("an operator installs a real agent, takes a screenshot, reboots it and sees it go offline", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  // A real JPEG for the agent to send back: the console's device list.
  await expect(page.getByRole("list", { name: "Devices" }).getByRole("listitem").first()).toBeVisible();
  const dir = mkdtempSync(join(tmpdir(), "outpost-agent-"));
  const shot = join(dir, "screen.jpg");
  writeFileSync(shot, await page.screenshot({ type: "jpeg", quality: 70 }));

  const name = `E2E Agent ${Date.now().toString(36)}`;
  const dialog = await addRunner(page, name);
  const card = dialog.getByTestId("install-code");
  // A new runner shows its installation code at once: no Reset click before reading it.
  const codeValue = card.getByTestId("code-value");
  await expect(codeValue).toHaveText(/^([A-Z0-9]{4}){4}$/);
  const code = (await codeValue.textContent()) ?? "";

  const config = join(dir, "config.json");
  const enrol = spawnSync(
    process.execPath,
    [AGENT, "enroll", "--server", baseURL ?? "", "--code", code, "--config", config],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  );
  expect(enrol.status, enrol.stderr).toBe(0);
  expect(statSync(config).mode & 0o777).toBe(0o600);

  let output = "";
  const agent: ChildProcess = spawn(
    process.execPath,
    [
      AGENT,
      "run",
      "--config",
      config,
      "--screenshot-file",
      shot,
      "--vnc-url",
      "https://vnc.outpost.test:6080/vnc.html",
      // A vision service the agent really starts and stops (a long sleep stands in for it).
      "--vision-command",
      "exec sleep 600",
    ],
    { cwd: ROOT },
  );
  const collect = (chunk: unknown) => {
    output += String(chunk);
  };
  agent.stdout?.on("data", collect);
  agent.stderr?.on("data", collect);
  try {
    // The flyout flips to Online by itself (device room presence), and the tabs open up.
    await expect(headerLook(dialog)).toHaveAttribute("data-look", "online", { timeout: 30_000 });
    await dialog.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    const screenshotButton = dialog.getByRole("button", { name: "Request Screenshot" });
    await expect(screenshotButton).toBeEnabled();
    await expect(dialog.getByTestId("settings-reason")).toHaveCount(0);
    // An Admin without super_admin / sys_dev flags: no RSSH, no Headless VNC.
    await expect(dialog.getByRole("button", { name: "Request RSSH" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Headless VNC" })).toHaveCount(0);

    // Debug mode and vision go through the agent too; the side chips follow.
    await dialog.getByRole("switch", { name: "Enable Debug Mode" }).click();
    await expect(page.getByText("Debug status toggled successfully.")).toBeVisible();
    await expect(dialog.getByTestId("debug-chip")).toHaveText("On");
    await dialog.getByRole("switch", { name: "Enable Vision" }).click();
    await expect(dialog.getByTestId("vision-chip")).toHaveAttribute("data-state", "enabled");
    await expect(dialog.getByRole("switch", { name: "Enable Vision" })).toBeChecked();

    // Clean shots: no alerts over the tab, colour transitions done. The pointer leaves the
    // alerts' corner first (sonner holds its alerts while the pointer is over them).
    await page.mouse.move(0, 0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
    await screenshot(page, `${ARTIFACTS}/device-settings.png`);
    await darkScreenshot(page, "device-settings-dark", 300);

    // Screenshot → notification → View → the viewer shows the image.
    await screenshotButton.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Screenshot is available!" });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    await toast.getByRole("button", { name: "View" }).click();
    const viewer = page.getByTestId("screenshot-viewer");
    const image = viewer.getByRole("img", { name: "Screenshot" });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, `${ARTIFACTS}/screenshot-viewer.png`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      viewer.getByRole("link", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("screenshot.jpg");
    const [tab] = await Promise.all([
      page.waitForEvent("popup"),
      viewer.getByRole("button", { name: "Open in new tab" }).click(),
    ]);
    await tab.close();
    await expect(viewer.getByRole("alert")).toHaveCount(0);
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toHaveCount(0);

    // No VNC server answers on this machine, and the agent reports so (Asset Info → Services):
    // Remote Desktop is not offered, neither in Settings nor in the header's toolbar.
    await expect(dialog.getByRole("region", { name: "Remote access" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Remote Desktop" })).toHaveCount(0);

    // Reboot asks first; the agent runs it as a dry run (no --allow-power), and the console says so.
    await dialog.getByRole("region", { name: "Power" }).getByRole("button", { name: "Reboot" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Reboot" }).click();
    await expect(
      page.getByText("Dry run: the agent is not allowed to power the device (start it with --allow-power)."),
    ).toBeVisible({ timeout: 30_000 });
    expect(output).toContain("dry run: would run systemctl --no-block reboot");
  } finally {
    agent.kill("SIGTERM");
    // The agent's config holds its device credential: nothing of the run stays in /tmp.
    rmSync(dir, { recursive: true, force: true });
  }
  // The agent is gone: the flyout flips to Offline without a reload, and the controls lock.
  await expect(headerLook(dialog)).toHaveAttribute("data-look", "offline", { timeout: 20_000 });
  await expect(dialog.getByTestId("settings-reason")).toContainText("The device is offline.");
  await expect(dialog.getByRole("button", { name: "Request Screenshot" })).toBeDisabled();
  await screenshot(page, `${ARTIFACTS}/device-settings-offline.png`);
});

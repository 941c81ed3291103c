import { DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { bearer, screenshot, setTheme, signIn } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

/**
 * A queue for offline devices: the seeded "ZD Parking Pay Station" has no agent here,
 * so its room reports it offline. An admin queues a reboot for it from the Settings tab, follows
 * the toast's "View commands" to the Commands tab, sees it Queued and cancels it; two more queued
 * commands go with "Cancel all queued". A Viewer sees the list without the actions. Screenshots
 * (light and dark, 1440×900 and 390×844) go to SHOTS for people to look at.
 */
const DEVICE = "ZD Parking Pay Station";
const SHOTS = process.env.COMMANDS_SHOTS ?? "/tmp/pw-cmd-shots";
const API = `/api/space/${DEMO_SPACE_UUID}`;

async function openDevice(page: Page) {
  await page
    .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
    .fill(DEVICE);
  await page
    .getByRole("list", { name: "Devices" })
    .getByRole("link", { name: new RegExp(DEVICE) })
    .click();
  await expect(page).toHaveURL(/\/devices\/device\/view\/[^/]+\/[^/]+\/general$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: DEVICE })).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/** The theme behind an open flyout (the top bar's toggle is under its overlay): stored, then reloaded. */
async function flyoutTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((value) => localStorage.setItem("outpost.theme", value), theme);
  await page.reload();
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
  else await expect(page.locator("html")).not.toHaveClass(/dark/);
}

const deviceUuidOf = (page: Page) => {
  const match = /\/device\/view\/[^/]+\/([^/]+)\//.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`No device uuid in ${page.url()}`);
  return match[1];
};

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem("outpost.view", "grid"));
  await page.reload();
  await setTheme(page, "light");
});

test("queue a reboot for an offline device, see it Queued in Commands, cancel it", async ({ page, request }) => {
  // Two theme reloads, two viewports and a purge: longer than the default 60 s on a busy machine.
  test.slow();
  const dialog = await openDevice(page);
  const uuid = deviceUuidOf(page);
  // Start from an empty queue (a server reused between runs keeps earlier runs' commands).
  const auth = await bearer(request);
  expect((await request.post(`${API}/device/${uuid}/command/purge/`, { headers: auth })).status()).toBe(200);
  await dialog.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // Offline: the direct actions wait for the device; the queue offers them until it is back.
  const queueGroup = dialog.getByRole("region", { name: "Queue until online" });
  await expect(queueGroup).toBeVisible({ timeout: 30_000 });
  await expect(queueGroup.getByRole("button", { name: /Screenshot|Remote Desktop|RSSH/ })).toHaveCount(0);
  await screenshot(page, `${SHOTS}/settings-queue-light.png`);

  await queueGroup.getByRole("button", { name: "Queue “Reboot” until online" }).click();
  const ask = page.getByRole("dialog", { name: "Queue “Reboot” until online?" });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole("radio", { name: "24 hours" })).toBeChecked();
  await screenshot(page, `${SHOTS}/queue-dialog-light.png`);
  await ask.getByRole("button", { name: "Queue", exact: true }).click();
  await expect(ask).toHaveCount(0);

  const toast = page.getByText(`“Reboot” queued. It runs when ${DEVICE} is back online.`);
  await expect(toast).toBeVisible();
  await page.getByRole("button", { name: "View commands" }).click();
  await expect(page).toHaveURL(/\/commands$/);

  const table = dialog.getByRole("table", { name: "Commands of the device" });
  const reboot = table.getByTestId("command-row").filter({ hasText: "Reboot" }).first();
  await expect(reboot).toHaveAttribute("data-state", "queued");
  await expect(reboot.getByText("Queued", { exact: true })).toBeVisible();
  await expect(reboot.getByRole("cell", { name: "You", exact: true })).toBeVisible();
  await screenshot(page, `${SHOTS}/commands-light.png`);
  await flyoutTheme(page, "dark");
  await expect(reboot).toHaveAttribute("data-state", "queued");
  await screenshot(page, `${SHOTS}/commands-dark.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(reboot).toBeVisible();
  await screenshot(page, `${SHOTS}/commands-dark-390.png`);
  await flyoutTheme(page, "light");
  await expect(reboot).toBeVisible();
  await screenshot(page, `${SHOTS}/commands-light-390.png`);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Cancel it: the confirmation starts on Keep (Esc keeps it); the row turns Cancelled.
  await reboot.getByRole("button", { name: "Cancel command: Reboot" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel this command?" });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(reboot).toHaveAttribute("data-state", "queued");
  await reboot.getByRole("button", { name: "Cancel command: Reboot" }).click();
  await confirm.getByRole("button", { name: "Cancel command" }).click();
  await expect(page.getByText("Command cancelled.")).toBeVisible();
  await expect(reboot).toHaveAttribute("data-state", "cancelled");
  await expect(reboot.getByRole("button", { name: /Cancel command/ })).toHaveCount(0);

  // Two more queued through the API: "Cancel all queued" names the count and cancels both.
  for (const action of ["telemetry-refresh", "set-debug"]) {
    const res = await request.post(`${API}/device/${uuid}/command/add/`, {
      headers: auth,
      data: { action, params: action === "set-debug" ? { debug_mode: true } : {}, ttl_seconds: 3600 },
    });
    expect(res.status()).toBe(202);
  }
  await page.reload();
  const purge = dialog.getByRole("button", { name: "Cancel all queued (2)" });
  await expect(purge).toBeVisible();
  await purge.click();
  const purgeConfirm = page.getByRole("alertdialog", { name: "Cancel all queued commands?" });
  await expect(purgeConfirm).toContainText(`2 queued commands for ${DEVICE} will be cancelled`);
  await purgeConfirm.getByRole("button", { name: "Cancel 2 commands" }).click();
  await expect(page.getByText("2 queued commands cancelled.")).toBeVisible();
  await expect(table.locator('[data-state="queued"]')).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: /Cancel all queued/ })).toHaveCount(0);
});

test("a Viewer reads the Commands tab without its actions", async ({ page, request }) => {
  // Something to list: a queued command from the admin, through the API.
  const auth = await bearer(request);
  const found = await (
    await request.get(`${API}/device/items/?search=${encodeURIComponent(DEVICE)}`, { headers: auth })
  ).json();
  const uuid = (found.devices as { uuid: string; name: string }[]).find((d) => d.name === DEVICE)?.uuid;
  expect(uuid).toBeDefined();
  const res = await request.post(`${API}/device/${uuid}/command/add/`, {
    headers: auth,
    data: { action: "telemetry-refresh", params: {}, ttl_seconds: 3600 },
  });
  expect(res.status()).toBe(202);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, "viewer@outpost.demo");
  await page.goto(`/devices/device/view/${DEMO_SPACE_UUID}/${uuid}/commands`);
  const table = page.getByRole("dialog").getByRole("table", { name: "Commands of the device" });
  // The first load of a device may take a while on a busy machine.
  await expect(table.getByTestId("command-row").first()).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole("button", { name: /Cancel command/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Cancel all queued/ })).toHaveCount(0);
  expect((await request.post(`${API}/device/${uuid}/command/purge/`, { headers: auth })).status()).toBe(200);
});

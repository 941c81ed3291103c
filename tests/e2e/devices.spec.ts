import { ARTIFACTS, darkScreenshot, screenshot, setTheme, signIn } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

async function pick(page: Page, filter: string, option: string) {
  await page.getByRole("combobox", { name: filter, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const grid = (page: Page) => page.getByRole("list", { name: "Devices" });
const card = (page: Page, name: string) => grid(page).getByRole("link", { name: new RegExp(name) });

async function openDevice(page: Page, name: string) {
  await page.getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag").fill(name);
  await card(page, name).click();
  await expect(page).toHaveURL(/\/devices\/device\/view\/[^/]+\/[^/]+\/general$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name })).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem("outpost.view", "grid"));
  await page.reload();
  await setTheme(page, "light");
});

test("the device list filters, sorts and switches between cards and rows", async ({ page }) => {
  await expect(grid(page).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("devices-count")).toHaveText(/\d+ devices/);
  // Default ordering -online: the first card is online.
  await expect(grid(page).getByRole("link").first()).toHaveAttribute("data-look", "online");
  await screenshot(page, `${ARTIFACTS}/devices-grid.png`);
  await setTheme(page, "dark");
  await screenshot(page, `${ARTIFACTS}/devices-grid-dark.png`);
  await setTheme(page, "light");

  await page
    .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
    .fill("ZD ");
  await pick(page, "Connected status", "Connected");
  await pick(page, "Online", "Offline only");
  await expect(page.getByTestId("devices-count")).toHaveText("1 device");
  await expect(card(page, "ZD Parking Pay Station")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByTestId("devices-count")).not.toHaveText("1 device");

  await page.getByRole("combobox", { name: "Sort devices" }).click();
  await page.getByRole("option", { name: "Offline first" }).click();
  await expect(grid(page).getByRole("link").first()).not.toHaveAttribute("data-look", "online");

  await page.getByRole("button", { name: "Table view" }).click();
  const table = page.getByRole("table", { name: "Devices" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/devices-rows.png`);
  await page.reload();
  await expect(page.getByRole("table", { name: "Devices" })).toBeVisible();
  await page.getByRole("button", { name: "Grid view" }).click();
});

test("a connected device: tabs, comments and edit", async ({ page }) => {
  const dialog = await openDevice(page, "ZG Reception Kiosk");
  const streak = dialog.getByTestId("device-streak");
  const first = await streak.textContent();
  await expect(streak).not.toHaveText(first ?? "");
  await expect(dialog.getByText("Connection status")).toBeVisible();

  // Comment, then delete it again (only one's own comments have Delete).
  const text = `Checked on ${Date.now().toString(36)}`;
  await dialog.getByLabel("New comment").fill(text);
  await dialog.getByRole("button", { name: "Comment", exact: true }).click();
  const comment = dialog.getByTestId("device-comment").filter({ hasText: text });
  await expect(comment).toContainText(/Today, \d\d:\d\d/);
  await screenshot(page, `${ARTIFACTS}/device-general.png`);
  await comment.getByRole("button", { name: "Delete comment" }).click();
  await expect(comment).toHaveCount(0);

  await dialog.getByRole("link", { name: "Asset Info" }).click();
  await expect(page).toHaveURL(/\/assetInfo$/);
  await dialog.getByRole("button", { name: "System Specs" }).click();
  await expect(dialog.getByTestId("asset-ram")).toHaveText(/GB|Unknown/);
  await dialog.getByRole("button", { name: "Monitoring" }).click();
  await expect(dialog.getByRole("button", { name: "Monitoring" })).toHaveAttribute("aria-current", "true");
  await expect(dialog.getByTestId("monitoring")).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/device-asset-info.png`, { settleMs: 300 });
  await dialog.getByRole("link", { name: "Peripherals" }).click();
  await expect(dialog.getByText("Summary")).toBeVisible();
  await dialog.getByRole("link", { name: "Logs" }).click();
  await expect(page).toHaveURL(/\/logs$/);
  await dialog.getByRole("link", { name: "Reports" }).click();
  await expect(dialog.getByTestId("availability")).toBeVisible();
  // Bars are drawn (the seeded device was online on most of the last 30 days).
  await expect(dialog.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  // The outages behind the bars, newest first, each with its cause (the streak it is in ended one).
  await expect(dialog.getByTestId("outages").getByRole("listitem").first()).toContainText(
    /Connection lost|No heartbeat for 90 s|Nothing received for 25 s|Agent stopped|Not known|Device disabled/,
  );
  // The flyout is modal (the theme button is behind it): switch the class the toggle sets.
  await darkScreenshot(page, "device-reports-dark", 0);

  // Edit: Save only once something changed.
  await dialog.getByRole("link", { name: "General" }).click();
  await dialog.getByRole("button", { name: "Device actions" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/devices\/device\/edit\/[^/]+\/[^/]+\/general$/);
  const save = dialog.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  const description = `Reception kiosk ${Date.now().toString(36)}`;
  await dialog.getByLabel("Description").fill(description);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Device ZG Reception Kiosk updated successfully.")).toBeVisible();
  await expect(page).toHaveURL(/\/devices\/device\/view\/[^/]+\/[^/]+\/general$/);
  await expect(dialog.getByText(description)).toBeVisible();

  // The edit is in the device's trail, worded for people.
  await dialog.getByRole("link", { name: "Logs" }).click();
  await expect(dialog.getByTestId("audit-entry").first()).toContainText("Details edited");
  await expect(dialog.getByTestId("audit-entry").first()).toContainText("ana.admin");
});

test("archive and unarchive a device from the flyout menu", async ({ page }) => {
  const dialog = await openDevice(page, "ST Shelf Display");
  await expect(dialog.getByRole("link", { name: "Asset Info" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Device actions" }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Device ST Shelf Display archived.")).toBeVisible();
  await expect(dialog.getByTestId("code-archived")).toBeVisible();
  await dialog.getByRole("button", { name: "Device actions" }).click();
  await page.getByRole("menuitem", { name: "Unarchive" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Unarchive" }).click();
  await expect(page.getByText("Device ST Shelf Display unarchived.")).toBeVisible();
  await expect(dialog.getByTestId("code-archived")).toHaveCount(0);
});

test("add a runner device: its installation code shows at once; Reset makes another", async ({ page }) => {
  await page.getByRole("button", { name: "Add" }).click();
  await page.getByRole("menuitem", { name: "Add Runner Device" }).click();
  await expect(page).toHaveURL(/\/devices\/addDeviceRunner$/);
  const dialog = page.getByRole("dialog");
  const add = dialog.getByRole("button", { name: "Add", exact: true });
  await expect(add).toBeDisabled();
  const name = `E2E Runner ${Date.now().toString(36)}`;
  await dialog.getByLabel("Name").fill(name);
  await expect(add).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Location" }).click();
  await page.getByRole("option", { name: "Zagreb HQ" }).click();
  await dialog.getByLabel("Device class").selectOption("kiosk");
  await add.click();
  await expect(page.getByText(`Device ${name} added successfully.`)).toBeVisible();
  await expect(page).toHaveURL(/\/devices\/device\/view\/[^/]+\/[^/]+\/general$/);
  await expect(dialog.getByRole("heading", { name })).toBeVisible();

  // The new runner's code is there without a Reset click.
  const card = dialog.getByTestId("install-code");
  const codeValue = card.getByTestId("code-value");
  await expect(codeValue).toHaveText(/^([A-Z0-9]{4}){4}$/);
  const first = await codeValue.textContent();
  await card.getByRole("button", { name: "Reset code" }).click();
  await expect(codeValue).toHaveText(/^([A-Z0-9]{4}){4}$/);
  await expect(codeValue).not.toHaveText(first ?? "");
  const countdown = card.getByTestId("code-countdown");
  await expect(countdown).toHaveText(/Expires in 2[34]:\d\d:\d\d/);
  const before = await countdown.textContent();
  await expect(countdown).not.toHaveText(before ?? "");
  await screenshot(page, `${ARTIFACTS}/install-code.png`);

  // The code is kept (encrypted) for its 24 h, so reopening the device later, in a
  // fresh page, still shows the same code in blocks of 4, not only right after Reset.
  const reset = (await codeValue.textContent()) ?? "";
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  // Closing goes back to the list a tick after the sheet is gone (Radix's close-focus event).
  await expect(page).toHaveURL(/\/devices$/);
  await page.reload();
  const again = (await openDevice(page, name)).getByTestId("install-code");
  await expect(again.getByTestId("code-value")).toHaveText(reset);
  await expect(again.getByTestId("code-value").locator("span")).toHaveText([
    reset.slice(0, 4),
    reset.slice(4, 8),
    reset.slice(8, 12),
    reset.slice(12),
  ]);
  await expect(again.getByTestId("code-countdown")).toHaveText(/Expires in 2[34]:\d\d:\d\d/);
  await expect(again).toHaveAttribute("data-state", "code");
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
    [1920, 1080],
  ]) {
    await page.setViewportSize({ width, height });
    await again.scrollIntoViewIfNeeded();
    await screenshot(page, `${ARTIFACTS}/install-code-reopened-${width}.png`);
    await darkScreenshot(page, `install-code-reopened-${width}-dark`, 300);
  }
});

test("a seeded spare device shows its kept code to an Admin, only the countdown to a Viewer", async ({
  page,
  browser,
}) => {
  // #20 item 6: the demo seed stores its unused codes sealed, so the card shows them with no Reset.
  const dialog = await openDevice(page, "ZG Spare Unit");
  const code = dialog.getByTestId("install-code");
  await expect(code).toHaveAttribute("data-state", "code");
  await expect(code.getByTestId("code-value").locator("span")).toHaveCount(4);
  await expect(code.getByTestId("code-value")).toHaveText(/^([A-Z0-9]{4}){4}$/);
  await expect(code.getByTestId("code-countdown")).toHaveText(/Expires in \d\d:\d\d:\d\d/);

  const viewer = await browser.newPage();
  try {
    await signIn(viewer, "viewer@outpost.demo");
    await viewer.evaluate(() => localStorage.setItem("outpost.view", "grid"));
    await viewer.reload();
    const card = (await openDevice(viewer, "ZG Spare Unit")).getByTestId("install-code");
    await expect(card).toHaveAttribute("data-state", "restricted");
    await expect(card.getByText("Only Content Managers and Admins can see the code.")).toBeVisible();
    await expect(card.getByTestId("code-countdown")).toHaveText(/Expires in \d\d:\d\d:\d\d/);
    await expect(card.getByTestId("code-value")).toHaveCount(0);
    await screenshot(viewer, `${ARTIFACTS}/install-code-viewer.png`);
  } finally {
    await viewer.close();
  }
});

test("a peripheral's details and its own comments", async ({ page }) => {
  const dialog = await openDevice(page, "MO Exchange Kiosk");
  await dialog.getByRole("link", { name: "Peripherals" }).click();
  await expect(page).toHaveURL(/\/peripherals$/);
  await expect(dialog.getByText("Summary")).toBeVisible();
  await dialog
    .getByRole("button", { name: /Bill Acceptor/ })
    .first()
    .click();
  const panel = dialog.getByRole("complementary");
  await expect(panel.getByText("Bill acceptor jams on worn 10 BAM notes.")).toBeVisible();

  // A bill acceptor has an enable switch. No agent runs for the seeded device here, so its
  // room reports it offline and the switch waits for it, saying why.
  const enabled = panel.getByRole("switch", { name: "Enabled" });
  await expect(enabled).toBeChecked();
  // The room's presence arrives over the device's WebSocket once it has joined.
  await expect(enabled).toBeDisabled({ timeout: 30_000 });
  await expect(panel.getByText("The device is offline; switching needs it online.")).toBeVisible();

  const text = `Notes cleaned ${Date.now().toString(36)}`;
  await panel.getByLabel("New comment").fill(text);
  await panel.getByRole("button", { name: "Comment", exact: true }).click();
  const comment = panel.getByTestId("device-comment").filter({ hasText: text });
  await expect(comment).toContainText(/Today, \d\d:\d\d/);
  await screenshot(page, `${ARTIFACTS}/device-peripherals.png`);
  // Not on the device's own comments.
  // A printer has none.
  await dialog
    .getByRole("button", { name: /POS Printer/ })
    .first()
    .click();
  await expect(panel.getByRole("switch")).toHaveCount(0);
  await dialog.getByRole("link", { name: "General" }).click();
  await expect(dialog.getByText(text)).toHaveCount(0);
  await dialog.getByRole("link", { name: "Peripherals" }).click();
  await dialog
    .getByRole("button", { name: /Bill Acceptor/ })
    .first()
    .click();
  await panel
    .getByTestId("device-comment")
    .filter({ hasText: text })
    .getByRole("button", { name: "Delete comment" })
    .click();
  await expect(panel.getByTestId("device-comment").filter({ hasText: text })).toHaveCount(0);
});

test("the card grid draws only the cards in view, and follows the scroll to the last device", async ({ page }) => {
  // A phone: one card a row, so the demo fleet is many screens long.
  await page.setViewportSize({ width: 390, height: 844 });
  const items = grid(page).getByRole("listitem");
  await expect(items.first()).toBeVisible();
  const total = Number((await page.getByTestId("devices-count").textContent())?.match(/\d+/)?.[0]);
  const firstName = (await grid(page).getByRole("heading").first().textContent()) ?? "";
  expect(firstName).not.toBe("");
  const scroller = grid(page).locator("xpath=ancestor::div[contains(@class,'overflow-y-auto')][1]");

  // Scroll down until every device is loaded (pages of 36 arrive as the end comes near).
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(grid(page)).not.toHaveAttribute("aria-busy", "true");
    const height = await grid(page).evaluate((el) => el.getBoundingClientRect().height);
    const card = await items.first().evaluate((el) => el.getBoundingClientRect().height);
    // Every device has its row in the grid's height (one card a row, plus the gap).
    expect(Math.round(height / (card + 12))).toBe(total);
  }).toPass({ timeout: 20_000 });

  // The last rows are drawn where the scroller shows them; the first card is no longer in the page.
  await expect(items.last()).toBeInViewport();
  const drawn = await items.count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(Math.min(total, 20));
  await expect(grid(page).getByRole("heading", { name: firstName, exact: true })).toHaveCount(0);

  // Back to the top: the first card is drawn again.
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(grid(page).getByRole("link").first()).toBeInViewport();
  await expect(grid(page).getByRole("heading", { name: firstName, exact: true })).toBeVisible();
});

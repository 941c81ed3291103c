/**
 * The console on a phone (390×844). The navigation is a drawer behind a menu
 * button, filters sit in a sheet whose button counts the active ones, the lists show full names
 * (cards and rows, not a table), the device flyout fills the screen. Screenshots in light and
 * dark, and one at 1440×900 to see that the desktop did not change.
 */

import { ARTIFACTS, darkScreenshot, screenshot, setTheme, signIn } from "./support.ts";
import { expect, type Locator, type Page, test } from "./test.ts";

const PHONE = { width: 390, height: 844 };
const LONG_NAME = "VI Badge Printer Station";

test.use({ viewport: PHONE });

async function shoot(page: Page, name: string) {
  await screenshot(page, `${ARTIFACTS}/phone-${name}.png`);
  await darkScreenshot(page, `phone-${name}-dark`, 250);
}

/** The box of `locator` lies within the viewport, at least partly: it is on screen. */
async function expectInViewport(scope: Page | Locator, name: string) {
  const box = await scope.getByText(name, { exact: true }).first().boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.width).toBeGreaterThan(40);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await setTheme(page, "light");
});

test("the navigation is a drawer: menu button, Esc and following an entry close it", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  // No rail: the only navigation is the drawer, closed.
  await expect(nav).toHaveCount(0);
  const menu = page.getByRole("button", { name: "Open navigation" });
  await menu.click();
  const drawer = page.getByRole("dialog", { name: "Main navigation" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Assets" })).toHaveAttribute("aria-current", "page");
  await shoot(page, "drawer");

  // Focus stays in the drawer; Esc closes it and gives focus back to the menu button.
  await page.keyboard.press("Tab");
  await expect(drawer.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(menu).toBeFocused();

  // Following an entry navigates and closes the drawer.
  await menu.click();
  await drawer.getByRole("link", { name: "Accounts" }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(drawer).toHaveCount(0);
});

test("devices: full names in cards, filters in a sheet with a count, a full-screen flyout", async ({ page }) => {
  const list = page.getByRole("list", { name: "Devices" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  // Cards even when the table view was chosen on a wider screen.
  await page.evaluate(() => localStorage.setItem("outpost.view", "format"));
  await page.reload();
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByTestId("devices-count")).toHaveText(/^\d+ devices$/);
  await shoot(page, "devices");

  // The filters are behind one button, which counts the ones set.
  const filtersButton = page.getByTestId("filter-sheet-button");
  await expect(filtersButton).toHaveText("Filters");
  await expect(page.getByRole("combobox", { name: "Connected status", exact: true })).toHaveCount(0);
  await filtersButton.click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await sheet.getByRole("combobox", { name: "Connected status", exact: true }).click();
  await page.getByRole("option", { name: "Connected", exact: true }).click();
  // The status filter takes several values: its list stays open until Esc.
  await page.keyboard.press("Escape");
  await sheet.getByRole("combobox", { name: "Online", exact: true }).click();
  await page.getByRole("option", { name: "Offline only", exact: true }).click();
  await shoot(page, "devices-filters");
  await sheet.getByRole("button", { name: "Done" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(filtersButton).toHaveText("Filters2 active");
  await page
    .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
    .fill("ZD ");
  await expect(page.getByTestId("devices-count")).toHaveText("1 device");
  await filtersButton.click();
  await sheet.getByRole("button", { name: "Clear filters" }).click();
  await sheet.getByRole("button", { name: "Done" }).click();
  await expect(filtersButton).toHaveText("Filters");

  // A long name is shown whole.
  await page
    .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
    .fill(LONG_NAME);
  const card = list.getByRole("link", { name: new RegExp(LONG_NAME) });
  await expect(card).toHaveCount(1);
  await expectInViewport(page, LONG_NAME);
  const name = card.getByRole("heading", { name: LONG_NAME });
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // The flyout fills the screen; its close button takes us back.
  await card.click();
  const flyout = page.getByRole("dialog");
  await expect(flyout.getByRole("heading", { name: LONG_NAME })).toBeVisible();
  // Where its opening transition ends.
  await expect.poll(() => flyout.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  await shoot(page, "device-flyout");

  // A toast sits at the top under the bar, clear of the flyout's close button and of footers.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await flyout.getByRole("button", { name: "Device actions" }).click();
  await page.getByRole("menuitem", { name: "Copy Device URL" }).click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  // Where it settles once it has slid in: below the bar, in the upper half.
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      return box !== null && box.y >= 48 && box.y + box.height < PHONE.height / 2;
    })
    .toBe(true);
  await screenshot(page, `${ARTIFACTS}/phone-toast.png`);
  await flyout.getByRole("button", { name: "Close" }).last().click();
  // Back to the list as it was: its search stays in the URL.
  await expect(page).toHaveURL(/\/devices\?search=/);
});

test("locations: cards with full names, filters in a sheet", async ({ page }) => {
  await page.getByRole("button", { name: "Open navigation" }).click();
  await page.getByRole("dialog", { name: "Main navigation" }).getByRole("link", { name: "Assets" }).click();
  await page.getByRole("link", { name: "Locations" }).click();
  await expect(page).toHaveURL(/\/locations$/);
  // Within the locations list: the device cards (whose names carry their location's) may still be
  // on screen while the new page renders after the URL changed.
  const list = page.getByRole("list", { name: "Locations" });
  await expect(list.getByRole("link", { name: /Plitvice Visitor Point/ })).toBeVisible();
  await expectInViewport(list, "Plitvice Visitor Point");
  await expect(page.getByRole("table")).toHaveCount(0);
  await shoot(page, "locations");
  const filtersButton = page.getByTestId("filter-sheet-button");
  await filtersButton.click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await sheet.getByRole("combobox", { name: "Country", exact: true }).click();
  await page.getByRole("option").nth(1).click();
  await sheet.getByRole("button", { name: "Done" }).click();
  await expect(filtersButton).toHaveText("Filters1 active");
  // Radix keeps the closing sheet's layer (and the page's pointer lock) until its exit animation
  // ends: a click before that lands on the layer, not on the button.
  await expect(sheet).toBeHidden();
  await filtersButton.click();
  await sheet.getByRole("button", { name: "Clear filters" }).click();
  await sheet.getByRole("button", { name: "Done" }).click();
  await expect(filtersButton).toHaveText("Filters");
});

test("accounts: rows with the full e-mail and name, filters in a sheet, own account online", async ({ page }) => {
  // Earlier specs of the run invite accounts that sort before the admin: find it by search (in the URL).
  await page.goto(`/accounts?search=${encodeURIComponent("admin@outpost.demo")}`);
  const list = page.getByRole("list", { name: "Accounts", exact: true });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  const me = list.getByRole("listitem").filter({ has: page.getByText("admin@outpost.demo", { exact: true }) });
  await expect(me).toContainText("Online now");
  await expectInViewport(page, "admin@outpost.demo");
  await shoot(page, "accounts");
  await page.goto("/accounts");
  await expect(list.getByRole("listitem").first()).toBeVisible();
  const filtersButton = page.getByTestId("filter-sheet-button");
  await filtersButton.click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await sheet.getByRole("radio", { name: "Disabled" }).click();
  await shoot(page, "accounts-filters");
  await sheet.getByRole("button", { name: "Done" }).click();
  await expect(filtersButton).toHaveText("Filters1 active");
  await expect(list.getByRole("listitem").first()).toContainText("Disabled");
});

test("desktop is unchanged: the rail, inline filters, the table", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open navigation" })).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Connected status", exact: true })).toBeVisible();
  await expect(page.getByTestId("filter-sheet-button")).toHaveCount(0);
  await screenshot(page, `${ARTIFACTS}/phone-desktop-devices.png`);
  await page.goto("/accounts");
  await expect(page.getByRole("region", { name: "Accounts" }).getByRole("table")).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/phone-desktop-accounts.png`);
});

test.describe("small things, at 1440×900", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("streak days in a tooltip; a never-installed device reads Not connected", async ({ page }) => {
    await page.evaluate(() => localStorage.setItem("outpost.view", "grid"));
    await page.reload();
    // The seed's devices have been online for days: hh:mm:ss stays, the tooltip counts the days.
    const streak = page
      .getByTestId("list-streak")
      .filter({ hasText: /for \d{3,}:\d\d:\d\d$/ })
      .first();
    await streak.hover();
    await expect(page.getByRole("tooltip")).toHaveText(/^\d+ days \d\d:\d\d:\d\d$/);

    await page
      .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
      .fill("ZG Spare Unit");
    const card = page.getByRole("list", { name: "Devices" }).getByRole("link", { name: /ZG Spare Unit/ });
    await expect(card).toHaveAttribute("data-look", "non_connected");
    await expect(card).toContainText("Not connected");
    await card.click();
    const dialog = page.getByRole("dialog");
    const facts = dialog.getByText("Connection status").locator("..");
    await expect(facts).toContainText("Not connected");
    await expect(facts).not.toContainText("Offline");
    await screenshot(page, `${ARTIFACTS}/phone-desktop-not-connected.png`);
  });

  test("a new runner shows its code at once; deleting it asks for nothing that answers 404; the bell keeps the alerts", async ({
    page,
  }) => {
    await page.getByRole("button", { name: "Add" }).click();
    await page.getByRole("menuitem", { name: "Add Runner Device" }).click();
    const dialog = page.getByRole("dialog");
    const name = `E2E Phone Runner ${Date.now().toString(36)}`;
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("combobox", { name: "Location" }).click();
    await page.getByRole("option", { name: "Zagreb HQ" }).click();
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page).toHaveURL(/\/devices\/device\/view\/[^/]+\/[^/]+\/general$/);
    await expect(dialog.getByTestId("install-code").getByTestId("code-value")).toHaveText(/^([A-Z0-9]{4}){4}$/);
    const uuid = page.url().split("/").at(-2) ?? "";

    const notFound: string[] = [];
    page.on("response", (res) => {
      if (res.status() === 404 && res.url().includes(uuid)) notFound.push(res.url());
    });
    await dialog.getByRole("button", { name: "Device actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(`Device ${name} deleted.`)).toBeVisible();
    await expect(page).toHaveURL(/\/devices$/);
    await page.waitForTimeout(1500);
    expect(notFound).toEqual([]);

    // The bell keeps this session's alerts: both toasts are there after they closed.
    await expect(page.getByTestId("notifications-unread")).toBeVisible();
    await page.getByRole("button", { name: /^Notifications, \d+ new$/ }).click();
    const alerts = page.getByRole("list", { name: "Notifications" });
    await expect(alerts).toContainText(`Device ${name} deleted.`);
    await expect(alerts).toContainText(`Device ${name} added successfully.`);
    await screenshot(page, `${ARTIFACTS}/phone-desktop-notifications.png`);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("notifications-unread")).toHaveCount(0);
  });
});

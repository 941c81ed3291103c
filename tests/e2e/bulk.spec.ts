import { DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { ARTIFACTS, bearer, screenshot, setTheme, signIn } from "./support.ts";
import { type APIRequestContext, expect, type Page, test } from "./test.ts";

/*
 * Bulk actions on the device list (multi-select with shift-click, confirmation
 * naming the count, per-device results, rows updated) and on the accounts table.
 */

const API = `/api/space/${DEMO_SPACE_UUID}`;

/** Three new runner devices (never installed) and a new tag, through the API. */
async function makeDevices(request: APIRequestContext, stamp: string) {
  const auth = await bearer(request);
  const { locations } = await (await request.get(`${API}/location/items/`, { headers: auth })).json();
  const location = (locations[0] as { uuid: string }).uuid;
  const names = [1, 2, 3].map((n) => `Bulk ${stamp} ${n}`);
  for (const name of names) {
    const added = await request.post(`${API}/device/add/`, { headers: auth, data: { name, location } });
    expect(added.status()).toBe(201);
  }
  const tag = await request.post(`${API}/tag/add/`, { headers: auth, data: { name: `bulk-${stamp}` } });
  expect(tag.status()).toBeLessThan(300);
  return { names, tagName: `bulk-${stamp}` };
}

async function listRows(page: Page, search: string) {
  await page
    .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
    .fill(search);
  const table = page.getByRole("table", { name: "Devices" });
  await expect(table.locator("tbody tr")).toHaveCount(3);
  return table;
}

const bar = (page: Page) => page.getByRole("region", { name: "Bulk actions" });

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem("outpost.view", "format"));
  await page.reload();
  await setTheme(page, "light");
});

test("devices: shift-click selects a range; disable and add tag report per device and the rows update", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const { names, tagName } = await makeDevices(request, stamp);
  const table = await listRows(page, `Bulk ${stamp}`);

  // The first row, then shift on the last: the range between them is selected.
  const boxes = table.locator("tbody").getByRole("checkbox");
  await boxes.nth(0).click();
  await boxes.nth(2).click({ modifiers: ["Shift"] });
  for (const name of names) await expect(table.getByRole("checkbox", { name: `Select ${name}` })).toBeChecked();
  await expect(bar(page)).toContainText("3 devices selected");
  // Checking a box never opens the device.
  await expect(page).not.toHaveURL(/\/device\/view\//);

  // Disable: devices never installed are refused one by one, with the reason.
  await bar(page).getByRole("button", { name: "Disable" }).click();
  const confirm = page.getByRole("dialog", { name: "Disable 3 devices?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Disable" }).click();
  const results = page.getByRole("dialog", { name: "Disable: results" });
  await expect(results.locator('li[data-outcome="failed"]')).toHaveCount(3);
  await expect(results.getByText("Action failed. Device not installed.").first()).toBeVisible();
  await expect(results).toContainText("0 succeeded · 3 failed · 0 offline · 0 queued");
  await results.getByRole("button", { name: "Close" }).last().click();

  // Add tag: every device gets it and the rows show it.
  await table.getByRole("checkbox", { name: "Select all loaded devices" }).click();
  await expect(bar(page)).toContainText("3 devices selected");
  await bar(page).getByRole("button", { name: "Add tag" }).click();
  const tagDialog = page.getByRole("dialog", { name: "Add a tag to 3 devices?" });
  await tagDialog.getByLabel("Tag").selectOption({ label: tagName });
  await tagDialog.getByRole("button", { name: "Add tag" }).click();
  const tagged = page.getByRole("dialog", { name: "Add tag: results" });
  await expect(tagged.locator('li[data-outcome="succeeded"]')).toHaveCount(3);
  await tagged.getByRole("button", { name: "Close" }).last().click();
  for (const name of names) await expect(table.getByRole("row").filter({ hasText: name })).toContainText(tagName);
  await expect(bar(page)).toHaveCount(0);
});

test("devices: the bar and results at three sizes, light and dark", async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const { names } = await makeDevices(request, stamp);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page
      .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
      .fill(`Bulk ${stamp}`);
    const box = page.getByRole("checkbox", { name: `Select ${names[0]}` });
    await box.click();
    await page.getByRole("checkbox", { name: `Select ${names[1]}` }).click();
    await expect(bar(page)).toContainText("2 devices selected");
    for (const theme of ["light", "dark"] as const) {
      await setTheme(page, theme);
      await screenshot(page, `${ARTIFACTS}/bulk-bar-${width}-${theme}.png`);
    }
    await setTheme(page, "light");
    await bar(page).getByRole("button", { name: "Archive" }).click();
    await page.getByRole("dialog", { name: "Archive 2 devices?" }).getByRole("button", { name: "Archive" }).click();
    const results = page.getByRole("dialog", { name: "Archive: results" });
    await expect(results.locator('li[data-outcome="failed"]')).toHaveCount(2);
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
      await screenshot(page, `${ARTIFACTS}/bulk-results-${width}-${theme}.png`, { settleMs: 250 });
    }
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await results.getByRole("button", { name: "Close" }).last().click();
  }
});

test("accounts: an Admin changes the role of the selected rows", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const auth = await bearer(request);
  const emails = [`bulk1.${stamp}@example.com`, `bulk2.${stamp}@example.com`];
  const invited = await request.post(`${API}/account/add/`, {
    headers: auth,
    data: { user_accounts: emails.map((email) => ({ email, role_uuid: ROLE_UUID.viewer })) },
  });
  expect(invited.status()).toBe(201);

  await page.getByRole("link", { name: "Accounts" }).click();
  await page.getByLabel("Search by email or display name").fill(stamp);
  const table = page.getByRole("region", { name: "Accounts" }).getByRole("table");
  await expect(table.locator("tbody tr[data-status]")).toHaveCount(2);
  for (const email of emails) await table.getByRole("row").filter({ hasText: email }).getByRole("checkbox").click();
  await page.getByRole("button", { name: "Change role" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the role of 2 accounts?" });
  await dialog.getByLabel("Role").selectOption({ label: "Content Manager" });
  await screenshot(page, `${ARTIFACTS}/bulk-accounts-role.png`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("2 accounts updated")).toBeVisible();
  for (const email of emails) {
    await expect(table.getByRole("row").filter({ hasText: email })).toContainText("Content Manager");
  }
});

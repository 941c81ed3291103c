import { readFile } from "node:fs/promises";
import { ARTIFACTS, darkScreenshot, screenshot, setTheme, signIn } from "./support.ts";
import { expect, type Page, test } from "./test.ts";

/**
 * The device list: filters, ordering and view in the URL (reload and
 * back/forward keep them), several values per filter, saved views, sortable columns and the
 * CSV export of the filtered list.
 */

const table = (page: Page) => page.getByRole("table", { name: "Devices" });
const nameCells = (page: Page) => table(page).locator("tbody tr td:nth-child(4)");
const count = (page: Page) => page.getByTestId("devices-count");
const statusFilter = (page: Page) => page.getByRole("combobox", { name: "Connected status", exact: true });

/** Ticks `options` in the status filter's list (it stays open), then closes it. */
async function tickStatuses(page: Page, ...options: string[]) {
  await statusFilter(page).click();
  for (const option of options) await page.getByRole("option", { name: option, exact: true }).click();
  await page.keyboard.press("Escape");
}

const isSorted = (names: string[]) => names.every((name, i) => i === 0 || names[i - 1] <= name);
const params = (page: Page) => new URL(page.url()).searchParams;

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await setTheme(page, "light");
});

test("filters live in the URL: several statuses, reload keeps them, back/forward step through", async ({ page }) => {
  await page.goto("/devices?view=table");
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
  await expect(count(page)).toHaveText(/^\d+ devices?$/);
  const all = (await count(page).textContent()) ?? "";

  await tickStatuses(page, "Archived");
  await expect(page).toHaveURL(/connected_status=archived/);
  await expect(count(page)).not.toHaveText(all);
  await expect(table(page).getByText("RI Old Terminal")).toBeVisible();
  const archivedOnly = (await count(page).textContent()) ?? "";

  await tickStatuses(page, "Installation pending");
  await expect.poll(() => params(page).getAll("connected_status")).toEqual(["archived", "installation_pending"]);
  await expect(statusFilter(page)).toHaveText("Archived +1");
  // Both kinds are listed.
  await expect(table(page).getByText("RI Old Terminal")).toBeVisible();
  await expect(table(page).getByText("ZD New Kiosk")).toBeVisible();
  await expect(count(page)).not.toHaveText(archivedOnly);
  const both = (await count(page).textContent()) ?? "";

  // Typing in the search replaces the entry (no new history step).
  await page
    .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
    .fill("Old");
  await expect.poll(() => params(page).get("search")).toBe("Old");
  await expect(table(page).getByText("ZD New Kiosk")).toBeHidden();
  await page.getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag").fill("");
  await expect.poll(() => params(page).get("search")).toBeNull();

  await page.reload();
  await expect(statusFilter(page)).toHaveText("Archived +1");
  await expect(count(page)).toHaveText(both);
  await expect(table(page).getByText("ZD New Kiosk")).toBeVisible();

  await page.goBack();
  await expect.poll(() => params(page).getAll("connected_status")).toEqual(["archived"]);
  await expect(statusFilter(page)).toHaveText("Archived");
  await expect(count(page)).toHaveText(archivedOnly);
  await expect(table(page).getByText("ZD New Kiosk")).toBeHidden();

  await page.goForward();
  await expect.poll(() => params(page).getAll("connected_status")).toEqual(["archived", "installation_pending"]);
  await expect(count(page)).toHaveText(both);

  // A device's flyout over the list keeps the list filtered; closing it comes back to the same URL.
  await table(page).getByText("RI Old Terminal").click();
  await expect(page).toHaveURL(/\/devices\/device\/view\//);
  await expect(page.getByRole("dialog").getByRole("heading", { name: "RI Old Terminal" })).toBeVisible();
  await expect(count(page)).toHaveText(both);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect.poll(() => params(page).getAll("connected_status")).toEqual(["archived", "installation_pending"]);
  await expect(count(page)).toHaveText(both);

  // The phone's Filters button counts values.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("filter-sheet-button")).toContainText("2");
  await page.setViewportSize({ width: 1440, height: 900 });
});

test("save the current view, clear, pick it again; delete it", async ({ page }) => {
  const name = `Pending and archived ${Date.now().toString(36)}`;
  await page.goto("/devices?view=table&connected_status=archived&connected_status=installation_pending");
  await expect(table(page).getByText("ZD New Kiosk")).toBeVisible();

  await page.getByTestId("views-menu").click();
  await page.getByRole("menuitem", { name: "Save current view…" }).click();
  const dialog = page.getByRole("dialog", { name: "Save current view" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Save view" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect.poll(() => params(page).getAll("connected_status")).toEqual([]);
  await expect(statusFilter(page)).toHaveText("Any status");

  await page.getByTestId("views-menu").click();
  await page.getByRole("menuitem", { name }).click();
  await expect.poll(() => params(page).getAll("connected_status")).toEqual(["archived", "installation_pending"]);
  await expect(statusFilter(page)).toHaveText("Archived +1");
  await expect(table(page).getByText("ZD New Kiosk")).toBeVisible();

  await page.getByTestId("views-menu").click();
  await page.getByRole("button", { name: `Delete view ${name}` }).click();
  await expect(page.getByRole("menuitem", { name })).toBeHidden();
  await page.keyboard.press("Escape");
});

test("sort by name both ways from the column header", async ({ page }) => {
  await page.goto("/devices?view=table&connected_status=archived&connected_status=installation_pending");
  await expect(table(page).getByText("ZD New Kiosk")).toBeVisible();
  const header = table(page).getByRole("columnheader", { name: "Name" });
  await expect(header).toHaveAttribute("aria-sort", "none");
  // Tags do not sort (the API has no such ordering): no button in its header.
  await expect(table(page).getByRole("columnheader", { name: "Tags" }).getByRole("button")).toHaveCount(0);

  await header.getByRole("button").click();
  await expect.poll(() => params(page).get("ordering")).toBe("name");
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(nameCells(page).first()).toHaveText("MO Old POS");
  // Read once per poll and keep that read: until the new order arrives the list still shows the
  // old rows (busy), and a list read half-way through a swap is no proof of order.
  let ascending: string[] = [];
  await expect
    .poll(async () => {
      ascending = await nameCells(page).allTextContents();
      return ascending.length > 1 && isSorted(ascending);
    })
    .toBe(true);

  await header.getByRole("button").click();
  await expect.poll(() => params(page).get("ordering")).toBe("-name");
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(nameCells(page).first()).toHaveText("ZD New Kiosk");
  await expect.poll(async () => nameCells(page).allTextContents()).toEqual([...ascending].reverse());

  // Screenshots of the toolbar with the views menu and the sorted header.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${ARTIFACTS}/list-urls-sorted-${width}-light.png`, { settleMs: 300 });
    await darkScreenshot(page, `list-urls-sorted-${width}-dark`, 250);
    await page.getByTestId("views-menu").click();
    await expect(page.getByRole("menuitem", { name: "Save current view…" })).toBeVisible();
    await screenshot(page, `${ARTIFACTS}/list-urls-views-${width}-light.png`);
    await darkScreenshot(page, `list-urls-views-${width}-dark`, 250);
    await page.keyboard.press("Escape");
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await header.getByRole("button").click();
  await expect.poll(() => params(page).get("ordering")).toBeNull();
  await expect(header).toHaveAttribute("aria-sort", "none");
});

test("while a new order loads, the rows stay in place, marked busy and then dimmed; no skeleton", async ({ page }) => {
  await page.goto("/devices?view=table&connected_status=archived&connected_status=installation_pending");
  await expect(table(page).getByText("ZD New Kiosk")).toBeVisible();
  const before = await nameCells(page).allTextContents();
  expect(before.length).toBeGreaterThan(1);
  // The server answers the new order as always; the test holds its reply until it has looked.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/device\/items\/\?(.*&)?ordering=name(&|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await table(page).getByRole("columnheader", { name: "Name" }).getByRole("button").click();
  await expect.poll(() => params(page).get("ordering")).toBe("name");

  const busy = page.locator("[data-stale][aria-busy=true]");
  await expect(busy).toBeVisible();
  // Dimmed once the wait is longer than a glance (150 ms, then a 200 ms fade).
  await expect(busy).toHaveCSS("opacity", "0.55");
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
  expect(await nameCells(page).allTextContents()).toEqual(before);
  // Rows that may not be in the answer cannot be ticked, one by one or all loaded.
  const boxes = table(page).getByRole("checkbox");
  await expect(boxes.first()).toBeDisabled();
  await expect(boxes.nth(1)).toBeDisabled();
  await screenshot(page, `${ARTIFACTS}/list-urls-busy-1440-light.png`);

  release();
  await expect(busy).toHaveCount(0);
  await expect(boxes.first()).toBeEnabled();
  await expect(boxes.nth(1)).toBeEnabled();
  await expect
    .poll(async () => {
      const names = await nameCells(page).allTextContents();
      return names.length === before.length && isSorted(names) && names.join() !== before.join();
    })
    .toBe(true);
});

test("the table shows its rows again when the list comes back with its data cached", async ({ page }) => {
  await page.goto("/devices?view=table");
  await expect(nameCells(page).first()).toBeVisible();
  await page.getByRole("link", { name: "Locations", exact: true }).click();
  await expect(page).toHaveURL(/\/locations/);
  // The page and its table mount in one render (nothing to wait for): the rows must still show.
  await page.getByRole("link", { name: "Devices", exact: true }).click();
  await expect(page).toHaveURL(/\/devices/);
  await expect(nameCells(page).first()).toBeVisible();
  expect(await nameCells(page).count()).toBeGreaterThan(1);
});

test("Export CSV downloads the filtered rows", async ({ page }) => {
  await page.goto("/devices?view=table&connected_status=archived");
  await expect(table(page).getByText("RI Old Terminal")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByTestId("devices-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("devices_export.csv");
  const csv = await readFile((await file.path()) ?? "", "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toMatch(/^name,uuid,/);
  const rows = lines.slice(1);
  expect(rows.length).toBe(Number((await count(page).textContent())?.match(/\d+/)?.[0]));
  expect(csv).toContain("RI Old Terminal");
  expect(csv).toContain("MO Old POS");
  expect(csv).not.toContain("ZG Reception Kiosk");
  for (const row of rows) expect(row).toContain(",archived,");
});

test("locations, location groups and accounts keep their search and ordering in the URL", async ({ page }) => {
  // Locations: the search replaces the entry, the ordering pushes one; a reload keeps both.
  await page.goto("/locations");
  const locationSearch = page.getByRole("searchbox", { name: "Search name, display id, city or address" });
  await locationSearch.fill("Zadar");
  await expect.poll(() => params(page).get("search")).toBe("Zadar");
  await page.getByRole("combobox", { name: "Sort locations" }).click();
  await page.getByRole("option", { name: "Time added, oldest first" }).click();
  await expect.poll(() => params(page).get("ordering")).toBe("created_at");
  await page.reload();
  await expect(locationSearch).toHaveValue("Zadar");
  await expect(page.getByRole("combobox", { name: "Sort locations" })).toHaveText("Time added, oldest first");
  await page.goBack();
  await expect.poll(() => params(page).get("ordering")).toBeNull();
  await expect(locationSearch).toHaveValue("Zadar");

  // Location groups.
  await page.goto("/groups?search=Adriatic&ordering=-active");
  await expect(page.getByRole("searchbox", { name: "Search groups by name" })).toHaveValue("Adriatic");
  await expect(page.getByRole("combobox", { name: "Sort groups" })).toHaveText("Active first");
  await expect(page.getByText("Adriatic Coast")).toBeVisible();

  // Accounts.
  await page.goto("/accounts?search=ana");
  await expect(page.getByRole("searchbox", { name: "Search by email or display name" })).toHaveValue("ana");
  await expect(page.getByText("ana.admin").first()).toBeVisible();
});

test("phones: the filter sheet's multi-value pickers and their count", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/devices?connected_status=archived&connected_status=installation_pending");
  await expect(page.getByTestId("filter-sheet-button")).toContainText("2");
  await page.getByTestId("filter-sheet-button").click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet.getByRole("combobox", { name: "Connected status", exact: true })).toHaveText("Archived +1");
  await screenshot(page, `${ARTIFACTS}/list-urls-sheet-390-light.png`);
  await darkScreenshot(page, "list-urls-sheet-390-dark", 250);
  await sheet.getByRole("combobox", { name: "Connected status", exact: true }).click();
  await page.getByRole("option", { name: "Disconnected", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect.poll(() => params(page).getAll("connected_status")).toHaveLength(3);
  await expect(page.getByTestId("filter-sheet-button")).toContainText("3");
});

test("a list opened without filters starts filtered by the remembered location: one first-page request, no unfiltered flash", async ({
  page,
}) => {
  await page.goto("/devices?view=table");
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
  const all = (await count(page).textContent()) ?? "";
  await page.getByRole("combobox", { name: "Location", exact: true }).click();
  await page.getByRole("option", { name: "Zadar City Mall" }).click();
  await page.keyboard.press("Escape");
  await expect.poll(() => params(page).getAll("location_uuid")).toHaveLength(1);
  const location = params(page).get("location_uuid") ?? "";
  // Applied (and so remembered) once the list shows the location's devices.
  await expect(count(page)).not.toHaveText(all);
  const filtered = (await count(page).textContent()) ?? "";

  // Away to Locations and back through the Devices tab, to a bare /devices.
  await page.getByRole("link", { name: "Locations", exact: true }).click();
  await expect(page).toHaveURL(/\/locations/);
  await page.getByRole("link", { name: "Devices", exact: true }).click();
  await expect.poll(() => params(page).get("location_uuid")).toBe(location);
  await expect(count(page)).toHaveText(filtered);

  // A fresh load of the bare list: the route opens it with the remembered filter before it renders,
  // so its one first-page request already carries it (before, the whole fleet was asked for and
  // shown first, and the filtered list came 0.5 s later).
  const firstPages: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/device/items/") && !r.url().includes("cursor=")) firstPages.push(r.url());
  });
  await page.goto("/devices?view=table");
  await expect.poll(() => params(page).get("location_uuid")).toBe(location);
  await expect(count(page)).toHaveText(filtered);
  await page.waitForLoadState("networkidle");
  expect(firstPages).toHaveLength(1);
  expect(new URL(firstPages[0]).searchParams.get("location_uuid")).toBe(location);

  // With filters in the URL nothing is added, and the early request is the list's own: one request.
  firstPages.length = 0;
  await page.goto("/devices?view=table&online=true");
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(firstPages).toHaveLength(1);
  expect(new URL(firstPages[0]).searchParams.get("location_uuid")).toBeNull();
});

test("locations: a list opened without filters starts with the remembered country, in one first-page request", async ({
  page,
}) => {
  const firstPages: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith("/location/items/") && url.searchParams.get("page") === "1") firstPages.push(r.url());
  });
  await page.goto("/locations");
  await expect(page.getByText("Vienna Expo Hall").first()).toBeVisible();
  await page.getByRole("combobox", { name: "Country", exact: true }).click();
  await page.getByRole("option", { name: "Croatia HR", exact: true }).click();
  await expect.poll(() => params(page).get("country_uuid")).not.toBeNull();
  const country = params(page).get("country_uuid");
  // Applied (and so remembered) once the Austrian location is gone.
  await expect(page.getByText("Vienna Expo Hall")).toHaveCount(0);

  firstPages.length = 0;
  await page.goto("/locations");
  await expect.poll(() => params(page).get("country_uuid")).toBe(country);
  await expect(page.getByText("Zadar City Mall").first()).toBeVisible();
  await expect(page.getByText("Vienna Expo Hall")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(firstPages).toHaveLength(1);
  expect(new URL(firstPages[0]).searchParams.get("country_uuid")).toBe(country);
});

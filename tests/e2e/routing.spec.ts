import { signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * The console's router (web/src/app/routing): a section's tab loads its page's code when pointed
 * at; a page whose code is slow keeps the page on screen with the progress bar until it is ready;
 * a page whose code cannot load shows the retry screen inside the console's frame, and the rest of
 * the console keeps working.
 */
const GROUPS_CHUNK = /\/assets\/groups-[\w-]+\.js$/;
const DEVICE_FLYOUT_CHUNK = /\/assets\/device-flyout-[\w-]+\.js$/;

test("pointing at a section's tab loads its page's code before the click", async ({ page }) => {
  await signIn(page);
  const requested = page.waitForRequest(GROUPS_CHUNK);
  await page.getByRole("link", { name: "Location Groups" }).hover();
  await requested;
  await expect(page).toHaveURL(/\/devices$/);
  await page.getByRole("link", { name: "Location Groups" }).click();
  await expect(page.getByRole("list", { name: "Location Groups" })).toBeVisible();
});

test("pointing at a device's card loads its flyout's code before the click", async ({ page }) => {
  await signIn(page);
  const card = page.getByRole("list", { name: "Devices" }).getByRole("link").first();
  await expect(card).toBeVisible();
  const requested = page.waitForRequest(DEVICE_FLYOUT_CHUNK);
  await card.hover();
  await requested;
  await expect(page).toHaveURL(/\/devices$/);
  await card.click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a click while the pointed-at page's code is failing to load opens the page once the code is reachable", async ({
  page,
}) => {
  await signIn(page);
  let failing = true;
  let asked = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(GROUPS_CHUNK, async (route) => {
    asked++;
    if (!failing) return route.continue();
    await held;
    return route.abort();
  });
  const tab = page.getByRole("link", { name: "Location Groups" });
  await tab.hover();
  await expect.poll(() => asked).toBe(1);
  // The network is back; the click joins the load ahead, which then fails (a stale failure).
  failing = false;
  await tab.click();
  release();
  await expect(page.getByRole("list", { name: "Location Groups" })).toBeVisible();
  await expect(page.getByText("This page could not be loaded")).toHaveCount(0);
  expect(asked).toBe(2);
});

test("a slow page: the old page stays, with the progress bar, until the new one is ready", async ({ page }) => {
  await signIn(page);
  const cards = page.getByRole("list", { name: "Devices" });
  await expect(cards.getByRole("link").first()).toBeVisible();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(GROUPS_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "Location Groups" }).click();
  const progress = page.getByRole("progressbar", { name: "Loading" });
  await expect(progress).toBeVisible();
  // Still the device list (no blank page) and its address: the two change together.
  await expect(cards.getByRole("link").first()).toBeVisible();
  await expect(page).toHaveURL(/\/devices$/);
  release();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole("list", { name: "Location Groups" })).toBeVisible();
  await expect(progress).toBeHidden();
  await expect(cards).toHaveCount(0);
});

test("a page whose code cannot load shows the retry screen in the console's frame; other pages still open", async ({
  page,
}) => {
  await signIn(page);
  await page.route(GROUPS_CHUNK, (route) => route.abort());
  const failures: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(message.text());
  });
  await page.getByRole("link", { name: "Location Groups" }).click();
  await expect(page.getByText("This page could not be loaded")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload the page" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  expect(failures.some((text) => text.includes("could not be loaded"))).toBe(true);

  // Another page opens as usual from the navigation, without the error.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Accounts" }).click();
  await expect(page.getByRole("searchbox", { name: "Search by email or display name" })).toBeVisible();
  await expect(page.getByText("This page could not be loaded")).toHaveCount(0);

  // The reload fetches the page's code again.
  await page.unroute(GROUPS_CHUNK);
  await page.goto("/groups");
  await expect(page.getByRole("list", { name: "Location Groups" })).toBeVisible();
  await expect(page.getByText("This page could not be loaded")).toHaveCount(0);
  await expect(page.getByRole("progressbar", { name: "Loading" })).toBeHidden();
});

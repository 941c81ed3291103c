import type { Page } from "@playwright/test";
import { signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * The lists' menus (the add button, Views) are not in the page's first load: their triggers are
 * plain buttons until the menu's code arrives (web/src/components/lazy-menu.tsx). A press that
 * comes first opens the menu once the code is here, by pointer and by keyboard.
 */
const VIEWS_MENU_CHUNK = /\/assets\/views-menu-items-[\w-]+\.js$/;
const ADD_MENU_CHUNK = /\/assets\/add-menu-items-[\w-]+\.js$/;

/** Holds the chunk's download until the returned function is called. */
async function hold(page: Page, chunk: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(chunk, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

test("the Views menu opens by keyboard when pressed before its code arrived; the focus goes into it", async ({
  page,
}) => {
  const chunk = await hold(page, VIEWS_MENU_CHUNK);
  await signIn(page);
  const trigger = page.getByRole("button", { name: "Views" });
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  // Asked for once the list was on screen, without any press.
  await expect.poll(chunk.asked).toBe(true);
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toHaveCount(0);
  chunk.release();
  const menu = page.getByRole("menu", { name: "Views" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Save current view…" })).toBeVisible();
  await expect(menu).toBeFocused();
  // Escape closes it and gives the focus back to the (now real) trigger.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Views" })).toBeFocused();
  // Loaded: the next press opens it at once.
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
});

test("the add button opens its menu when clicked before its code arrived, and the item works", async ({ page }) => {
  const chunk = await hold(page, ADD_MENU_CHUNK);
  await signIn(page);
  await page.getByRole("button", { name: "Add" }).click();
  chunk.release();
  await page.getByRole("menuitem", { name: "Add Runner Device" }).click();
  await expect(page).toHaveURL(/\/devices\/addDeviceRunner$/);
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a menu whose code cannot load says so when pressed, and the list stays usable", async ({ page }) => {
  await page.route(VIEWS_MENU_CHUNK, (route) => route.abort());
  await signIn(page);
  await page.getByRole("button", { name: "Views" }).click();
  await expect(page.getByText("This menu could not be loaded. Check your connection and try again.")).toBeVisible();
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Devices" }).getByRole("link").first()).toBeVisible();
});

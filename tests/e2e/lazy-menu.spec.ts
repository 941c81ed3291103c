import type { Page } from "@playwright/test";
import { signIn, signInWithFailingBackgroundLoad } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * The lists' menus (the add button, Views), the comboboxes' lists, the notifications and the
 * tooltips are not in the page's first load: their triggers are plain buttons until the code
 * arrives (web/src/components/lazy-menu.tsx, components/ui/tooltip.tsx). A press that comes first
 * opens the menu once the code is here, by pointer and by keyboard.
 */
const VIEWS_MENU_CHUNK = /\/assets\/views-menu-items-[\w-]+\.js$/;
const ADD_MENU_CHUNK = /\/assets\/add-menu-items-[\w-]+\.js$/;
const COMBOBOX_CHUNK = /\/assets\/combobox-list-[\w-]+\.js$/;
const NOTIFICATIONS_CHUNK = /\/assets\/notification-panel-[\w-]+\.js$/;
const ACCOUNT_CHUNK = /\/assets\/account-dialog-[\w-]+\.js$/;
const SETTINGS_TAB_CHUNK = /\/assets\/settings-tab-[\w-]+\.js$/;
const TOOLTIP_CHUNK = /\/assets\/tooltip-radix-[\w-]+\.js$/;

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
  // Not asked for while the page is only watched; asked for after its first input, without any press.
  await expect(page.getByRole("list", { name: "Devices" }).getByRole("link").first()).toBeVisible();
  expect(chunk.asked()).toBe(false);
  await page.mouse.move(600, 500);
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
  // Pressed, the menu's code still held: the button says it is busy.
  await expect(page.getByRole("button", { name: "Add" })).toHaveAttribute("aria-busy", "true");
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

test("a press while the menu's code is failing to load in the background opens it once the code is reachable", async ({
  page,
}) => {
  // The press joins the failing background fetch, so it must try again rather than report that stale failure.
  const load = await signInWithFailingBackgroundLoad(page, VIEWS_MENU_CHUNK);
  load.reachable();
  await page.getByRole("button", { name: "Views" }).click();
  load.failHeld();
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(page.getByText("This menu could not be loaded. Check your connection and try again.")).toHaveCount(0);
});

test("a combobox opened before its list's code arrived opens with the search focused, and picks", async ({ page }) => {
  const chunk = await hold(page, COMBOBOX_CHUNK);
  await signIn(page);
  const sort = page.getByRole("combobox", { name: "Sort devices" });
  await expect(sort).toHaveAttribute("aria-expanded", "false");
  await sort.click();
  await expect(page.getByRole("listbox")).toHaveCount(0);
  chunk.release();
  await expect(sort).toHaveAttribute("aria-expanded", "true");
  const search = page.getByRole("combobox", { name: "Search" });
  await expect(search).toBeFocused();
  await search.fill("offline first");
  await page.keyboard.press("Enter");
  await expect(sort).toHaveText("Offline first");
  await expect(sort).toHaveAttribute("aria-expanded", "false");
});

test("the notifications open when the bell is pressed before their code arrived", async ({ page }) => {
  const chunk = await hold(page, NOTIFICATIONS_CHUNK);
  await signIn(page);
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await bell.focus();
  await page.keyboard.press("Enter");
  chunk.release();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeHidden();
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeFocused();
});

test("tooltips arrive after the first render: a trigger focused before keeps the focus and shows its tip", async ({
  page,
}) => {
  const chunk = await hold(page, TOOLTIP_CHUNK);
  await signIn(page);
  const toggle = page.getByRole("button", { name: "Toggle theme" });
  await toggle.focus();
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  chunk.release();
  await expect(page.getByRole("tooltip")).toHaveText(/Switch to (dark|light) theme/);
  await expect(toggle).toBeFocused();
  // Pressed from the keyboard, the (re-created) button still does its job.
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!dark);
});

test("a tooltip shows on hover, and moving to the next trigger shows that one's", async ({ page }) => {
  await signIn(page);
  // Hovered at once: the tooltips' code may still be on its way (it loads when idle, or at this
  // hover). A mouse resting on a trigger then gets its tooltip without moving again.
  await page.getByRole("button", { name: "Toggle theme" }).hover();
  await expect(page.getByRole("tooltip")).toHaveText(/Switch to (dark|light) theme/);
  await page.getByRole("link", { name: "Working time settings" }).hover();
  // (The first one fades out meanwhile.)
  await expect(page.getByRole("tooltip", { name: "Working time settings" })).toBeVisible();
  await page.mouse.move(0, 0, { steps: 5 });
  await expect(page.getByRole("tooltip")).toHaveCount(0);
});

test("the account dialog opens when the avatar is pressed before its code arrived, and gives the focus back", async ({
  page,
}) => {
  const chunk = await hold(page, ACCOUNT_CHUNK);
  await signIn(page);
  const avatar = page.getByRole("button", { name: "Account" });
  await expect(avatar).toHaveAttribute("aria-haspopup", "dialog");
  await avatar.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  chunk.release();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(dialog.getByText("admin@outpost.demo")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Account" })).toBeFocused();
});

test("a device's tab whose code is still on its way shows a loading state, then the tab", async ({ page }) => {
  const chunk = await hold(page, SETTINGS_TAB_CHUNK);
  await signIn(page);
  await page.getByRole("list", { name: "Devices" }).getByRole("link").first().click();
  const dialog = page.getByRole("dialog");
  // The flyout opens on General; the other tabs' code is asked for once it is on screen.
  await expect(dialog.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect.poll(chunk.asked).toBe(true);
  await dialog.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(dialog.getByRole("status", { name: "Loading" })).toBeVisible();
  chunk.release();
  await expect(dialog.getByRole("status", { name: "Loading" })).toHaveCount(0);
  await expect(dialog.getByRole("region").first()).toBeVisible();
});

test("a list only watched downloads its first load and the live updates, nothing more, until someone uses it", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) scripts.push(path);
  });
  // Everything the page may need next: the menus, popovers and tooltips, the palette, and the
  // alerts' code (sonner: nothing was said yet).
  const later = [
    VIEWS_MENU_CHUNK,
    ADD_MENU_CHUNK,
    COMBOBOX_CHUNK,
    NOTIFICATIONS_CHUNK,
    ACCOUNT_CHUNK,
    TOOLTIP_CHUNK,
    /\/assets\/command-palette-[\w-]+\.js$/,
    /\/assets\/sonner-[\w-]+\.js$/,
  ];
  const ROOM_CLIENT_CHUNK = /\/assets\/room-socket-[\w-]+\.js$/;
  const asked = (chunk: RegExp) => scripts.some((path) => chunk.test(path));
  await signIn(page);
  await expect(page.getByRole("list", { name: "Devices" }).getByRole("link").first()).toBeVisible();
  // The live updates are part of watching: their client loads without any input.
  await expect.poll(() => asked(ROOM_CLIENT_CHUNK)).toBe(true);
  // Idle for a while (the preloads used to start within the first idle moment, ≈ 50 ms).
  await page.waitForTimeout(1500);
  for (const chunk of later) expect(asked(chunk), String(chunk)).toBe(false);
  // A script's events are no sign of anyone either (only the browser's own, trusted ones are).
  await page.evaluate(() => {
    document.body.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, pointerType: "mouse" }));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
  });
  await page.waitForTimeout(500);
  for (const chunk of later) expect(asked(chunk), String(chunk)).toBe(false);
  // The first input: a pointer move anywhere. Everything the page may need next is asked for.
  await page.mouse.move(700, 450);
  for (const chunk of later) await expect.poll(() => asked(chunk), String(chunk)).toBe(true);
});

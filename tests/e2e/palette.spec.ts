import { LAB_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { startLabRunner } from "./lab-runner.ts";
import {
  ARTIFACTS,
  screenshot,
  screenshotSizes,
  signIn,
  signInToLab,
  signInWithFailingBackgroundLoad,
} from "./support.ts";
import { expect, type Page, test } from "./test.ts";

/**
 * The command palette: Ctrl-K anywhere in the console, jump by name, actions on
 * the open device (a simulated runner answers), recent items, `/` for the list's search, keyboard only.
 */

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const paletteInput = (page: Page) => palette(page).getByRole("combobox");

async function openPalette(page: Page) {
  await page.keyboard.press("Control+k");
  await expect(paletteInput(page)).toBeFocused();
}

test("Ctrl-K jumps to a device by name, runs Screenshot on it, remembers it; `/` and Esc", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const runner = await startLabRunner(request, baseURL ?? "", "E2E Palette Runner");
  try {
    await signInToLab(page);
    await page.goto("/devices");
    const search = page.getByRole("searchbox", {
      name: "Search by name, description, machine id, uuid, IP or MAC address, location or tag",
    });
    await expect(search).toBeVisible();

    // `/` focuses the device list's search (focus not in a field), and types nothing into it.
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("/");
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("");
    // In a field, `/` is just a character.
    await page.keyboard.type("a/b");
    await expect(search).toHaveValue("a/b");
    await search.fill("");

    // Ctrl-K (also from inside a field) → part of the name → Enter opens the device's flyout.
    await openPalette(page);
    const part = runner.name.split(" ").at(-1) ?? runner.name;
    await paletteInput(page).fill(part);
    const option = palette(page).getByRole("option", { name: new RegExp(runner.name) });
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/general$`));
    const flyout = page.getByRole("dialog", { name: runner.name });
    await expect(flyout.getByRole("heading", { name: runner.name })).toBeVisible();
    // Behind the open flyout (a modal) the list's search is out of reach: `/` does not move the focus there.
    await page.keyboard.press("/");
    await expect(
      page.getByRole("searchbox", {
        name: "Search by name, description, machine id, uuid, IP or MAC address, location or tag",
        includeHidden: true,
      }),
    ).not.toBeFocused();

    // On the open device: its actions first; Screenshot runs on the simulated runner.
    await openPalette(page);
    await expect(palette(page).getByRole("group", { name: `Actions · ${runner.name}` })).toBeVisible();
    const shot = palette(page).getByRole("option", { name: /Take screenshot/ });
    await expect(shot).not.toHaveAttribute("aria-disabled", "true");
    // The open device's first action is the highlighted one.
    await expect(shot).toHaveAttribute("aria-selected", "true");
    await expect(palette(page).getByRole("option", { name: /Open terminal/ })).toBeVisible();
    await expect(palette(page).getByRole("option", { name: /Copy UUID/ })).toBeVisible();
    // The recent item is there too, below the actions.
    await expect(palette(page).getByRole("group", { name: "Recent" })).toContainText(runner.name);
    await screenshotSizes(page, "palette-device");
    await paletteInput(page).fill("screensh");
    await expect(shot).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(palette(page)).toBeHidden();
    await expect(page.getByText("Screenshot is available!")).toBeVisible({ timeout: 30_000 });
    await expect(flyout).toBeVisible();

    // Reboot asks first, with the Settings tab's confirmation; Cancel runs nothing.
    await openPalette(page);
    await paletteInput(page).fill("reboot");
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Reboot device?" });
    await expect(confirm).toContainText(`${runner.name} restarts now`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(flyout).toBeVisible();

    // Esc closes the palette and only the palette; arrows and Enter pick the recent item on /devices.
    await openPalette(page);
    await page.keyboard.press("Escape");
    await expect(palette(page)).toBeHidden();
    await expect(flyout).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/devices$/);

    await page.reload();
    await expect(search).toBeVisible();
    await openPalette(page);
    const recent = palette(page).getByRole("group", { name: "Recent" });
    await expect(recent.getByRole("option").first()).toContainText(runner.name);
    await expect(recent.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/devices/device/view/${LAB_SPACE_UUID}/${runner.uuid}/general$`));
  } finally {
    runner.stop();
  }
});

test("the palette opens pages, accounts and the theme from the keyboard, and from the top bar", async ({ page }) => {
  await signIn(page);
  // The top bar's button names the shortcut and opens the same palette (an icon on phones).
  const button = page.getByRole("button", { name: "Search and commands" });
  await expect(button).toContainText("Ctrl K");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(button).toBeVisible();
  await screenshot(page, `${ARTIFACTS}/palette-topbar-390-light.png`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await button.click();
  await expect(paletteInput(page)).toBeFocused();
  await expect(palette(page).getByRole("group", { name: "Pages" })).toBeVisible();
  await screenshotSizes(page, "palette-empty");

  // Arrows move, Enter opens: a page.
  await paletteInput(page).fill("perform");
  await expect(palette(page).getByRole("option", { name: /Performance/ })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/performance$/);

  // An account by name: the Accounts page, its search filled with the e-mail.
  // Typing is searched once it pauses (150 ms), not key by key: one accounts request, for the whole word.
  const searched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const search = url.searchParams.get("search") ?? "";
    // The typing's own searches (a closing palette's late "perform" search is not one of them).
    if (url.pathname.endsWith("/account/items/") && "carlo".startsWith(search)) searched.push(search);
  });
  const accountsReply = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith("/account/items/") && url.searchParams.get("search") === "carlo";
  });
  await openPalette(page);
  await paletteInput(page).pressSequentially("carlo", { delay: 40 });
  // What was typed reached the palette, and the accounts search answered (its body if it did not).
  await expect(paletteInput(page)).toHaveValue("carlo");
  const reply = await accountsReply;
  expect(reply.status(), await reply.text()).toBe(200);
  const account = palette(page).getByRole("group", { name: "Accounts" }).getByRole("option").first();
  await expect(account).toContainText("content-manager@outpost.demo");
  expect(searched).toEqual(["carlo"]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(account).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  // The accounts list keeps its search in the address.
  await expect(page).toHaveURL(/\/accounts\?search=content-manager%40outpost\.demo$/);
  await expect(page.getByRole("searchbox", { name: "Search by email or display name" })).toHaveValue(
    "content-manager@outpost.demo",
  );

  // A palette closed before its typing paused searches nothing: typed and closed in one task of
  // the page (well inside the 150 ms pause), no request may carry that text afterwards.
  const late: string[] = [];
  const onLate = (request: { url(): string }) => {
    if (new URL(request.url()).searchParams.get("search") === "zzlate") late.push(request.url());
  };
  page.on("request", onLate);
  await openPalette(page);
  await paletteInput(page).evaluate((input) => {
    document.execCommand("insertText", false, "zzlate");
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
  await expect(palette(page)).toBeHidden();
  await page.waitForTimeout(600);
  expect(late).toEqual([]);
  page.off("request", onLate);

  // Nothing found says so.
  await openPalette(page);
  await paletteInput(page).fill("zzqx-no-such-thing");
  await expect(palette(page).getByText("Nothing found.")).toBeVisible();

  // The theme, and Ctrl-K closes the palette again.
  await paletteInput(page).fill("dark theme");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await openPalette(page);
  await page.keyboard.press("Control+k");
  await expect(palette(page)).toBeHidden();
  await openPalette(page);
  await paletteInput(page).fill("light theme");
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("a palette whose code cannot load says so at Ctrl-K, and opens once it can", async ({ page }) => {
  // Its code is asked for when the browser is idle after the first input; every try fails until the
  // route lets it through.
  let failing = true;
  let asked = 0;
  await page.route(/\/assets\/command-palette-[\w-]+\.js$/, (route) => {
    asked++;
    return failing ? route.abort() : route.continue();
  });
  await signIn(page);
  await page.mouse.move(600, 400);
  // The load when idle failed without a word: nobody asked for the palette yet.
  await expect.poll(() => asked).toBeGreaterThan(0);
  await expect(page.getByText("The command palette could not be loaded.")).toHaveCount(0);
  await page.keyboard.press("Control+k");
  await expect(page.getByText("The command palette could not be loaded.")).toBeVisible();
  await expect(palette(page)).toHaveCount(0);
  failing = false;
  await openPalette(page);
});

test("a Ctrl-K while the palette's code is failing to load in the background opens it once the code is reachable", async ({
  page,
}) => {
  // The press joins the failing background fetch, so its own load must try again, not report that stale failure.
  const load = await signInWithFailingBackgroundLoad(page, /\/assets\/command-palette-[\w-]+\.js$/);
  load.reachable();
  await page.keyboard.press("Control+k");
  load.failHeld();
  await expect(paletteInput(page)).toBeFocused();
  await expect(page.getByText("The command palette could not be loaded.")).toHaveCount(0);
});

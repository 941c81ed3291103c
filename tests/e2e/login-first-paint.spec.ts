import type { Page } from "@playwright/test";
import { expect, test } from "./test.ts";

/**
 * /login's HTML carries the sign-in page's first paint (web/build/login-prerender.ts), so a phone
 * network shows the card before the JS has arrived. It must look exactly like what React renders
 * when it takes over (no jump), be inert until then, and never paint English text to a user whose
 * language is another one. The console's module scripts are blocked to look at the HTML alone.
 */
const blockScripts = (page: Page) => page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());

/** Where the card's parts are on the screen (the boxes React's render must keep). */
const boxes = (page: Page) =>
  page.evaluate(() =>
    ["h2", "p", "#login-email", "#login-password", 'button[type="submit"]', 'a[href="/forgot-password"]'].map(
      (selector) => {
        const r = document.querySelector(selector)?.getBoundingClientRect();
        return r ? [selector, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)] : selector;
      },
    ),
  );

for (const theme of ["light", "dark"] as const) {
  test(`/login paints its card from the HTML, and React replaces it in place (${theme})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, colorScheme: theme });
    const before = await context.newPage();
    await blockScripts(before);
    await before.goto("/login");
    const firstPaint = before.locator("#login-first-paint");
    await expect(firstPaint.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(firstPaint.getByText("Use the e-mail address your space invitation was sent to.")).toBeVisible();
    // Nothing in it takes a click or the keyboard before React owns the form.
    await expect(firstPaint).toHaveAttribute("inert", "");
    await before.keyboard.press("Tab");
    expect(await before.evaluate(() => document.activeElement === document.body)).toBe(true);
    // The theme toggle shows the icon of the theme in use.
    await expect(firstPaint.locator(theme === "dark" ? ".lucide-sun" : ".lucide-moon")).toBeVisible();
    await expect(firstPaint.locator(theme === "dark" ? ".lucide-moon" : ".lucide-sun")).toBeHidden();
    const painted = await boxes(before);
    const pixels = await before.screenshot({ animations: "disabled" });

    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.locator("#login-first-paint")).toHaveCount(0);
    await expect(page.getByLabel("Email")).toBeFocused();
    expect(await boxes(page)).toEqual(painted);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    // Same pixels once the focus ring is gone (its colour transition finished; the tooltip is closed in both).
    expect(await page.screenshot({ animations: "disabled" })).toEqual(pixels);
    await context.close();
  });
}

test("/login paints no English card for another language or a stored session; other paths carry none", async ({
  browser,
  baseURL,
  request,
}) => {
  for (const [key, value] of [
    ["outpost.lang", "hr"],
    ["outpost.session", "{}"],
  ]) {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [key, value]);
    const page = await context.newPage();
    await blockScripts(page);
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("data-boot", "plain");
    await expect(page.locator("#login-first-paint")).toBeHidden();
    await context.close();
  }
  for (const path of ["/", "/devices", "/forgot-password", "/wall"]) {
    expect(await (await request.get(path)).text()).not.toContain("login-first-paint");
  }
});

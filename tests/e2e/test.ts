import { test as base } from "@playwright/test";

export * from "@playwright/test";

/**
 * The browser tests' `test`. The config's `reuseContext` keeps one browser context (and its tab)
 * per worker instead of a new one per test: Playwright resets cookies, the cache, localStorage,
 * IndexedDB, routes and extra tabs between tests, but not the tab's sessionStorage, where a wall
 * keeps its display session (web/src/lib/display-session.ts). Each test starts with it cleared, so
 * a wall test's display link never carries over into the next test.
 */
export const test = base.extend<{ clearedSessionStorage: undefined }>({
  clearedSessionStorage: [
    async ({ page, baseURL }, use) => {
      await page.goto(`${baseURL}/healthz`);
      await page.evaluate(() => sessionStorage.clear());
      await use(undefined);
    },
    { auto: true },
  ],
});

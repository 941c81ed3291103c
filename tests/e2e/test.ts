import { test as base, expect } from "@playwright/test";
import { settleSignIns } from "./support.ts";

export * from "@playwright/test";

/**
 * The browser tests' `test`. The config's `reuseContext` keeps one browser context (and its tab)
 * per worker instead of a new one per test: Playwright resets cookies, the cache, localStorage,
 * IndexedDB, routes and extra tabs between tests, but not the tab's sessionStorage, where a wall
 * keeps its display session (web/src/lib/display-session.ts). Each test starts with it cleared, so
 * a wall test's display link never carries over into the next test.
 */
export const test = base.extend<{ clearedSessionStorage: undefined; allTextsLoaded: undefined }>({
  clearedSessionStorage: [
    async ({ page, baseURL }, use, testInfo) => {
      await page.goto(`${baseURL}/healthz`);
      await page.evaluate(() => sessionStorage.clear());
      await use(undefined);
      // The worker's kept sessions (support.ts signIn) that this test's tabs may have refreshed or revoked go.
      await settleSignIns(testInfo.status === testInfo.expectedStatus);
    },
    { auto: true },
  ],
  /**
   * English loads in parts with the modules that use them (web/src/lib/locales/english.ts); a key
   * whose part is not loaded shows as the key and logs "Text not loaded". No page of any test may.
   */
  allTextsLoaded: [
    async ({ page }, use) => {
      const missing: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && message.text().startsWith("Text not loaded")) missing.push(message.text());
      });
      await use(undefined);
      expect(missing, "texts named before their part loaded").toEqual([]);
    },
    { auto: true },
  ],
});

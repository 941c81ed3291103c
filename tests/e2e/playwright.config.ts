import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "../../scripts/ensure-chromium.ts";

const port = process.env.E2E_PORT ?? "8799";

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1440, height: 900 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: "node scripts/serve-e2e.ts",
    cwd: "../..",
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
  },
});

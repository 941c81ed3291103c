import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { isolationProjects } from "../scripts/lib/vitest-isolation.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
// wrangler.jsonc serves web/dist as assets; API tests do not need a built SPA, only the folder.
mkdirSync(`${root}/web/dist`, { recursive: true });

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${root}/wrangler.jsonc` },
      miniflare: {
        bindings: {
          ENVIRONMENT: "test",
          DEV_ROUTES: "1",
          // tests/factories.ts ORIGIN: mailed links point here whatever Host a request carries.
          PUBLIC_ORIGIN: "http://outpost.test",
          TEST_MIGRATIONS: await readD1Migrations(`${root}/drizzle/migrations`),
        },
      },
    }),
  ],
  test: {
    root,
    projects: isolationProjects("workerd", root, [
      "tests/api/**/*.test.ts",
      "tests/rooms/**/*.test.ts",
      "tests/unit/**/*.test.ts",
    ]),
    setupFiles: ["tests/setup/apply-migrations.ts"],
    testTimeout: 20_000,
    // Two test files at a time (the default ran one here): 63 files in ≈ 110 s instead of ≈ 227 s on 2 cores.
    maxWorkers: 2,
  },
}));

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { isolationProjects } from "../scripts/lib/vitest-isolation.ts";

const alias = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Unit tests of the SPA's pure logic (validation, schedules, tile math) and its build plugins: plain Node, no DOM. */
// Vitest needs a default export here.
export default defineConfig({
  root: alias("."),
  resolve: {
    alias: {
      "@contracts": alias("../contracts"),
      "@": alias("./src"),
    },
  },
  test: {
    environment: "node",
    globalSetup: ["../scripts/lib/test-tmpdir.ts"],
    projects: isolationProjects("web", alias("."), ["src/**/*.test.ts", "src/**/*.test.tsx", "build/**/*.test.ts"]),
  },
});

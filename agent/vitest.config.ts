import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { isolationProjects } from "../scripts/lib/vitest-isolation.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Unit tests of the device agent, plain Node as the agent runs; with them the scripts' tests
 * (the demo seed checked against the simulator it describes), which run in Node too.
 */
// Vitest needs a default export here.
export default defineConfig({
  root,
  test: {
    environment: "node",
    globalSetup: ["scripts/lib/test-tmpdir.ts"],
    projects: isolationProjects("agent", root, ["agent/**/*.test.ts", "scripts/**/*.test.ts"]),
  },
});

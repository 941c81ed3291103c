import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { isolationProjects } from "../scripts/lib/vitest-isolation.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

/** Unit tests of the device agent: plain Node, as the agent runs. */
// Vitest needs a default export here.
export default defineConfig({
  root,
  test: {
    environment: "node",
    globalSetup: ["../scripts/lib/test-tmpdir.ts"],
    projects: isolationProjects("agent", root, ["**/*.test.ts"]),
  },
});

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Unit tests of the device agent: plain Node, as the agent runs. */
// Vitest needs a default export here.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: { environment: "node", include: ["**/*.test.ts"] },
});

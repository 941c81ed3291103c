/**
 * Started by Playwright's webServer: a fresh local database with the demo seed and the built
 * SPA, served on the e2e port as `npm start` serves it (scripts/serve.ts). Real Worker, real D1/DO — nothing mocked.
 */
import { rmSync } from "node:fs";
import { prepareDatabase } from "./lib/database.ts";
import { killOnExit, ROOT, startServer } from "./lib/proc.ts";

const port = process.env.E2E_PORT ?? "8799";
// Per port, so parallel runs never delete each other's database.
const persistDir = `${ROOT}/.wrangler/e2e-state-${port}`;
rmSync(persistDir, { recursive: true, force: true });
prepareDatabase(persistDir);
// The tests read mailed links from /dev/mail (DEV_ROUTES) and follow them to this server's origin.
const server = startServer([
  ...["--port", port, "--ip", "127.0.0.1", "--persist-to", persistDir],
  ...["--var", "DEV_ROUTES:1", "--var", `PUBLIC_ORIGIN:http://localhost:${port}`],
]);
killOnExit([server]);
server.on("exit", (code) => process.exit(code ?? 0));

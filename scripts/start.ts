/**
 * `npm start`: builds the SPA, prepares the local database with the demo space and runs the
 * console on http://localhost:8787 in workerd (local D1, Durable Objects, R2; scripts/serve.ts).
 * `npm run dev` (`--watch`) runs it in `wrangler dev` instead, which reloads the Worker on edits.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { DEMO_SIGN_INS } from "../agent/sim/demo-data.ts";
import { DEVICES_JSON, prepareDatabase } from "./lib/database.ts";
import { killOnExit, ROOT, runTool, startConsole, waitForHttp } from "./lib/proc.ts";

const PORT = Number(process.env.PORT ?? 8787);
const persistDir = `${ROOT}/.wrangler/state`;
const skipBuild = process.argv.includes("--no-build") && existsSync(`${ROOT}/web/dist/index.html`);
const simulate = !process.argv.includes("--no-simulate");
const watch = process.argv.includes("--watch");

if (!skipBuild) {
  console.log("Building the web app…");
  runTool("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]);
}
console.log("Preparing the local database (migrations + demo space)…");
prepareDatabase(persistDir);

console.log("Starting the console…");
// The mail outbox (/dev/mail) is served only where it is asked for; mailed links point at this port.
const serveArgs = [
  ...["--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", persistDir],
  ...["--var", "DEV_ROUTES:1", "--var", `PUBLIC_ORIGIN:http://localhost:${PORT}`],
];
const server = startConsole(serveArgs, { devProxy: watch });
const children = [server];
killOnExit(children);
server.on("exit", (code) => process.exit(code ?? 0));

await waitForHttp(`http://localhost:${PORT}/healthz`, 90_000);
if (simulate) {
  // Virtual agents for the demo's connected devices (presence, telemetry, remote actions).
  const simulator = spawn(
    process.execPath,
    ["agent/sim/simulator.ts", "--server", `http://localhost:${PORT}`, "--devices-json", DEVICES_JSON, "--quiet"],
    { cwd: ROOT, stdio: "inherit" },
  );
  children.push(simulator);
}
const width = Math.max(...DEMO_SIGN_INS.map((s) => s.email.length));
console.log(`
  Outpost is running at http://localhost:${PORT}

  Demo sign-ins (password for all: ${DEMO_SIGN_INS[0]?.password}):
${DEMO_SIGN_INS.map((s) => `    ${s.email.padEnd(width)}  ${s.role}`).join("\n")}

  Press Ctrl-C to stop.
`);

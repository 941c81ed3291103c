#!/usr/bin/env node
/**
 * outpost-agent: the device agent.
 *   outpost-agent enroll --server URL --code CODE [--config PATH]
 *   outpost-agent run [--config PATH] [--allow-power] [--screenshot-file F | --screenshot-command CMD]
 *                     [--rssh-relay user@host] [--rssh-port N] [--vnc-url URL] [--headless-vnc-url URL]
 */
import { parseArgs } from "node:util";
import { type AgentConfig, defaultConfigPath, loadConfig, roomUrl, saveConfig } from "../config.ts";
import { createExecutor } from "../providers/index.ts";
import { AgentSession } from "../session.ts";
import { readInventory, readTelemetry } from "../system.ts";

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: "string" },
    code: { type: "string" },
    config: { type: "string" },
    "allow-power": { type: "boolean", default: false },
    "screenshot-file": { type: "string" },
    "screenshot-command": { type: "string" },
    "rssh-relay": { type: "string" },
    "rssh-port": { type: "string" },
    "vnc-url": { type: "string" },
    "headless-vnc-url": { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});

const configPath = values.config ?? defaultConfigPath();
const usage = `usage:
  outpost-agent enroll --server URL --code CODE [--config PATH]
  outpost-agent run [--config PATH] [--allow-power] [--screenshot-file FILE | --screenshot-command CMD]
                    [--rssh-relay user@host] [--rssh-port N] [--vnc-url URL] [--headless-vnc-url URL]`;

async function enroll() {
  if (!values.server || !values.code) throw new Error(`enroll needs --server and --code\n${usage}`);
  const machine = await readInventory().catch(() => ({ machine_id: null, inventory: {} }));
  const res = await fetch(new URL("/api/agent/enroll", values.server), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code: values.code.replace(/[\s-]/g, ""), ...machine }),
  });
  const body = (await res.json().catch(() => ({}))) as Partial<AgentConfig> & { message?: string };
  if (!res.ok || !body.device_uuid || !body.credential || !body.space_uuid) {
    throw new Error(`Enrolment failed (${res.status}): ${body.message ?? "unexpected reply"}`);
  }
  saveConfig(configPath, {
    server: values.server,
    device_uuid: body.device_uuid,
    space_uuid: body.space_uuid,
    credential: body.credential,
  });
  log(`enrolled as device ${body.device_uuid}; configuration saved to ${configPath}`);
}

function run() {
  const config = loadConfig(configPath);
  const execute = createExecutor({
    allowPower: values["allow-power"] ?? false,
    screenshotFile: values["screenshot-file"],
    screenshotCommand: values["screenshot-command"],
    rsshRelay: values["rssh-relay"],
    rsshPort: values["rssh-port"] ? Number(values["rssh-port"]) : undefined,
    vncUrl: values["vnc-url"],
    headlessVncUrl: values["headless-vnc-url"],
    log,
  });
  const session = new AgentSession({
    url: roomUrl(config),
    machine: { inventory: readInventory, telemetry: readTelemetry, execute },
    log,
  }).start();
  log(`device ${config.device_uuid} → ${config.server}`);
  const stop = () => {
    session.stop();
    setTimeout(() => process.exit(0), 200);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

try {
  const [command] = positionals;
  if (values.help || !command) console.log(usage);
  else if (command === "enroll") await enroll();
  else if (command === "run") run();
  else throw new Error(`unknown command ${command}\n${usage}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

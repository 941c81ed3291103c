#!/usr/bin/env node
/**
 * outpost-agent: the device agent.
 *   outpost-agent enroll --server URL --code CODE [--config PATH]
 *   outpost-agent register --server URL [--config PATH]   (no code: show a QR code, wait to be claimed)
 *   outpost-agent run [--config PATH] [--journal PATH] [--allow-power] [--allow-display] [--screenshot-file F | --screenshot-command CMD]
 *                     [--rssh-relay user@host] [--rssh-port N] [--vnc-url URL] [--headless-vnc-url URL]
 *                     [--allow-terminal] [--terminal-user USER] [--terminal-idle-minutes N]
 *                     [--vnc-port N] [--allow-headless-vnc] [--allow-apps]
 *                     [--vision-command CMD | --vision-unit UNIT]
 *
 * `--allow-apps` runs the applications configured on the displays (agent/apps/: kiosk browser
 * windows and supervised commands); without it the agent reports what it would run (a dry run).
 *
 * `run` keeps its command journal (agent/journal.ts: command ids taken on and their answers, so
 * none runs twice across a restart) beside the configuration, `<config>.journal`, unless --journal says where.
 */
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import {
  CAPTURE_INTERVAL_DEFAULT_S,
  CAPTURE_INTERVAL_MAX_S,
  CAPTURE_INTERVAL_MIN_S,
} from "../../contracts/display-health/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { API_PREFIX, routePath } from "../../contracts/http/route.ts";
import { enrollAgent } from "../../contracts/installation/agent-routes.ts";
import { AgentEnrollment } from "../../contracts/installation/schema.ts";
import { AppRunner } from "../apps/runner.ts";
import { processSpawner, systemdScopes, which } from "../apps/spawn.ts";
import { applicationsMachine, throttled } from "../apps/telemetry.ts";
import { defaultConfigPath, loadConfig, parseVncPort, roomUrl, saveConfig } from "../config.ts";
import { desktopPrompter } from "../consent/prompt.ts";
import { DisplayHealthMonitor, displayHealthMachine } from "../display-health/monitor.ts";
import { agentDisplaySources } from "../display-health/real.ts";
import { CaptureSchedule } from "../display-health/schedule.ts";
import { FileJournal } from "../journal.ts";
import { AgentLog } from "../log.ts";
import { settingsMachine } from "../machine.ts";
import { keptDisplays } from "../providers/displays.ts";
import { createExecutor } from "../providers/index.ts";
import { createVision } from "../providers/settings.ts";
import { registerUnclaimed } from "../register.ts";
import { remoteDesktopStatus } from "../remote-desktop-status.ts";
import { servicesMachine, systemdRestarts } from "../services.ts";
import { AgentSession } from "../session.ts";
import { AgentStateFile, statePath } from "../state.ts";
import { readInventory } from "../system.ts";
import { systemSource } from "../telemetry.ts";
import { renderTerminalQr } from "../terminal-qr.ts";
import { headlessAvailable } from "../tunnel/headless-vnc.ts";
import { tunnelProviders } from "../tunnel/providers.ts";

/** The settings the console pushes, kept beside the configuration (agent/state.ts); read by `run`. */
let kept: AgentStateFile | null = null;
/** Timestamped lines, the last 500 kept for the Logs tab; debug lines while debug mode is on (agent/log.ts). */
const logs = new AgentLog({ debug: () => kept?.state.debug_mode ?? false });
const log = logs.info;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: "string" },
    code: { type: "string" },
    config: { type: "string" },
    journal: { type: "string" },
    "allow-power": { type: "boolean", default: false },
    "allow-display": { type: "boolean", default: false },
    "screenshot-file": { type: "string" },
    "screenshot-command": { type: "string" },
    "rssh-relay": { type: "string" },
    "rssh-port": { type: "string" },
    "vnc-url": { type: "string" },
    "headless-vnc-url": { type: "string" },
    "poll-interval": { type: "string" },
    "allow-terminal": { type: "boolean", default: false },
    "terminal-user": { type: "string" },
    "terminal-idle-minutes": { type: "string" },
    "vnc-port": { type: "string" },
    "allow-headless-vnc": { type: "boolean", default: false },
    "allow-apps": { type: "boolean", default: false },
    "vision-command": { type: "string" },
    "vision-unit": { type: "string" },
    "capture-interval": { type: "string" },
    "no-captures": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

const configPath = values.config ?? defaultConfigPath();
const usage = `usage:
  outpost-agent enroll --server URL --code CODE [--config PATH]
  outpost-agent register --server URL [--config PATH] [--poll-interval SECONDS]
  outpost-agent run [--config PATH] [--journal PATH] [--allow-power] [--allow-display] [--screenshot-file FILE | --screenshot-command CMD]
                    [--rssh-relay user@host] [--rssh-port N] [--vnc-url URL] [--headless-vnc-url URL]
                    [--allow-terminal] [--terminal-user USER] [--terminal-idle-minutes N]
                    [--vnc-port N] [--allow-headless-vnc] [--allow-apps]
                    [--vision-command CMD | --vision-unit UNIT] [--capture-interval SECONDS | --no-captures]`;

async function enroll() {
  if (!values.server || !values.code) throw new Error(`enroll needs --server and --code\n${usage}`);
  const machine = await readInventory().catch(() => ({ machine_id: null, inventory: {} }));
  const res = await fetch(new URL(API_PREFIX + routePath(enrollAgent), values.server), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code: values.code.replace(/[\s-]/g, ""), ...machine }),
  });
  const reply: unknown = await res.json().catch(() => ({}));
  const enrolled = AgentEnrollment.safeParse(reply);
  if (!res.ok || !enrolled.success) {
    const error = ApiErrorBody.safeParse(reply);
    throw new Error(`Enrolment failed (${res.status}): ${error.success ? error.data.message : "unexpected reply"}`);
  }
  const body = enrolled.data;
  saveConfig(configPath, {
    server: values.server,
    device_uuid: body.device_uuid,
    space_uuid: body.space_uuid,
    credential: body.credential,
  });
  log(`enrolled as device ${body.device_uuid}; configuration saved to ${configPath}`);
}

async function register() {
  if (!values.server) throw new Error(`register needs --server\n${usage}`);
  const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
  const seconds = Number(values["poll-interval"] ?? 5);
  if (!(seconds >= 1)) throw new Error("--poll-interval is a number of seconds, at least 1");
  const config = await registerUnclaimed({
    server: values.server,
    configPath,
    pollMs: seconds * 1000,
    machine: () => readInventory().catch(() => ({ machine_id: null, inventory: {} })),
    saveConfig,
    log,
    show: ({ unclaimed_device_uuid, expires_at }) => {
      console.log(
        [
          "",
          "This device is not installed yet. In the Outpost console, open the device to install,",
          "choose Scan QR on a phone or tablet and point it at this code:",
          "",
          renderTerminalQr(unclaimed_device_uuid, { color }),
          "",
          `unclaimed device ${unclaimed_device_uuid} (valid until ${expires_at}); waiting to be claimed…`,
          "",
        ].join("\n"),
      );
    },
  });
  log(`claimed as device ${config.device_uuid}; configuration saved to ${configPath}`);
}

async function run() {
  const config = loadConfig(configPath);
  const state = new AgentStateFile(statePath(configPath));
  kept = state;
  const displayConfigFile = join(dirname(configPath), "displays.json");
  const allowApps = values["allow-apps"] ?? false;
  // Applications run in systemd user scopes where the user's service manager answers, else as children.
  const systemd = allowApps && (await systemdScopes());
  const apps = new AppRunner({
    allow: allowApps,
    spawner: processSpawner({ systemd }),
    supervisor: systemd ? "systemd" : "child",
    profilesDir: join(dirname(configPath), "apps"),
    which,
    log,
  });
  // The vision service (--vision-command / --vision-unit), back on when the kept setting says so.
  const vision = createVision({ visionCommand: values["vision-command"], visionUnit: values["vision-unit"], log });
  if (state.state.vision && vision.installed) {
    void vision.set(true).then((answer) => !answer.ok && log(`vision did not start: ${answer.error}`));
  }
  const execute = createExecutor({
    apps,
    vision,
    state,
    logs,
    allowPower: values["allow-power"] ?? false,
    allowDisplay: values["allow-display"] ?? false,
    displayConfigFile,
    screenshotFile: values["screenshot-file"],
    screenshotCommand: values["screenshot-command"],
    rsshRelay: values["rssh-relay"],
    rsshPort: values["rssh-port"] ? Number(values["rssh-port"]) : undefined,
    vncUrl: values["vnc-url"],
    headlessVncUrl: values["headless-vnc-url"],
    allowHeadlessVnc: values["allow-headless-vnc"] ?? false,
    visionCommand: values["vision-command"],
    visionUnit: values["vision-unit"],
    log,
  });
  const journal = new FileJournal(values.journal ?? `${configPath}.journal`);
  const idleMinutes = values["terminal-idle-minutes"] ? Number(values["terminal-idle-minutes"]) : undefined;
  if (idleMinutes !== undefined && !(idleMinutes > 0))
    throw new Error("--terminal-idle-minutes is a number of minutes above 0");
  // Each display's periodic capture and health (agent/display-health/).
  const displayHealth = new DisplayHealthMonitor(agentDisplaySources({ apps, which }));
  const machine = displayHealthMachine(
    servicesMachine(
      applicationsMachine(settingsMachine({ state, source: systemSource, inventory: readInventory, execute }), apps),
      {
        vision,
        headlessVnc: values["allow-headless-vnc"] ?? false,
        reverseSsh: Boolean(values["rssh-relay"]),
        remoteDesktop: remoteDesktopStatus({
          port: parseVncPort(values["vnc-port"]),
          headless: (values["allow-headless-vnc"] ?? false) && headlessAvailable(),
        }),
        agentRestarts: () => systemdRestarts(),
      },
    ),
    displayHealth,
  );
  // Every display captured each interval: the space's setting as the room sends it (300 s by default).
  const captureSchedule = new CaptureSchedule(() => {
    if (!session.connected) return;
    displayHealth
      .tick(Date.now())
      .then(({ captures, changed }) => {
        for (const c of captures) session.reportCapture(c);
        if (!changed) return;
        machine.quickNext();
        return session.reportTelemetry();
      })
      .catch((e: unknown) => log(`display capture failed: ${String(e)}`));
  });
  const session = new AgentSession({
    onConfig: ({ capture_interval_s }) => {
      if (capture_interval_s !== captureSchedule.intervalS) log(`display captures every ${capture_interval_s} s`);
      captureSchedule.setInterval(capture_interval_s);
    },
    url: roomUrl(config),
    credential: config.credential,
    machine,
    journal,
    log,
    tunnels: tunnelProviders({
      terminal: { allow: values["allow-terminal"] ?? false, user: values["terminal-user"], log },
      vnc: { port: parseVncPort(values["vnc-port"]), allowHeadless: values["allow-headless-vnc"] ?? false, log },
    }),
    // The consent prompt and session banner on the device's own screen, where it has one.
    prompter: desktopPrompter(),
    tunnelIdleMs: idleMinutes === undefined ? undefined : Math.round(idleMinutes * 60_000),
  }).start();
  log(`device ${config.device_uuid} → ${config.server} (command journal ${journal.path})`);
  // A change of an application's state is reported at once (the room and the console show it live).
  apps.onChange(
    throttled(() => {
      if (!session.connected) return;
      machine.quickNext();
      session.reportTelemetry().catch((e: unknown) => log(`telemetry failed: ${String(e)}`));
    }, 250),
  );
  // A state change is reported at once; --capture-interval is the interval until the room sends the space's.
  if (!values["no-captures"]) {
    const seconds = Number(values["capture-interval"] ?? CAPTURE_INTERVAL_DEFAULT_S);
    if (!(seconds >= CAPTURE_INTERVAL_MIN_S && seconds <= CAPTURE_INTERVAL_MAX_S))
      throw new Error(`--capture-interval is ${CAPTURE_INTERVAL_MIN_S}–${CAPTURE_INTERVAL_MAX_S} seconds`);
    captureSchedule.intervalS = seconds;
    captureSchedule.start(20_000);
  }
  // The applications of the configuration kept from the last apply-display-config run from the start.
  void keptDisplays(displayConfigFile).then((displays) => apps.apply(displays));
  const stop = () => {
    session.stop();
    captureSchedule.stop();
    journal.close();
    void Promise.all([apps.stopAll(), vision.close()]).finally(() => setTimeout(() => process.exit(0), 200));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

try {
  const [command] = positionals;
  if (values.help || !command) console.log(usage);
  else if (command === "enroll") await enroll();
  else if (command === "register") await register();
  else if (command === "run") await run();
  else throw new Error(`unknown command ${command}\n${usage}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

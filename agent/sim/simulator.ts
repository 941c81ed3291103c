/**
 * Runs N virtual agents through the real agent's protocol code (AgentSession), for the demo and
 * load tests: drifting telemetry with warning and critical episodes (agent/sim/telemetry.ts), devices dropping offline and
 * coming back, and answers to every command — quick, slow, timing out and failing ones.
 *
 *   node agent/sim/simulator.ts --server http://localhost:8787 [--devices N] [--devices-json .outpost/devices.json]
 *                           [--no-flaky] [--fast]   (--fast: heartbeats 5 s, telemetry 10 s)
 *                           [--instant]   (every command answered at once and successfully: benchmarks)
 *                           [--journal-dir .outpost/sim-journal | --memory-journal]
 *                           [--space UUID] [--email E --password P] [--vnc-port 5900]
 *
 * The seeded devices come first (their credentials in --devices-json). When --devices asks for
 * more, the rest are provisioned through the public API as an operator would (sign in as
 * --email, default the demo admin; add a runner device; reset its code; enrol) and kept in
 * .outpost/simulated-devices.json for the next run.
 *
 * Each virtual agent keeps its command journal (agent/journal.ts) in --journal-dir/<uuid>.jsonl,
 * as a real agent does beside its configuration, or in memory with --memory-journal.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type ApplicationsReport, applicationsSignature } from "../../contracts/admin/applications.ts";
import type { AppliedDisplay } from "../../contracts/commands/schema.ts";
import type { DetectionFinding } from "../../contracts/detection/schema.ts";
import { type ServiceStatus, VISION_NOT_INSTALLED_MESSAGE } from "../../contracts/devices/services.ts";
import type { Command, Telemetry } from "../../contracts/realtime/events.ts";
import { withApplications } from "../apps/telemetry.ts";
import { parseVncPort, roomUrl } from "../config.ts";
import { parseSimulatedAnswer, simulatedPrompter } from "../consent/prompt.ts";
import { DisplayHealthMonitor, type DisplayHealthSources, withDisplayHealth } from "../display-health/monitor.ts";
import { CaptureSchedule } from "../display-health/schedule.ts";
import { ALWAYS_IN_TROUBLE, DEMO_HISTORY, displayHistory, simDisplaySources } from "../display-health/sim.ts";
import { type CommandJournal, FileJournal, MemoryJournal } from "../journal.ts";
import { toFindings } from "../providers/detect.ts";
import { executorOf } from "../providers/dispatch.ts";
import type { Handlers } from "../providers/types.ts";
import { remoteDesktopStatus } from "../remote-desktop-status.ts";
import { AgentSession, type CommandReply, type Machine } from "../session.ts";
import { simulatedTerminal } from "../tunnel/sim-shell.ts";
import { vncProvider } from "../tunnel/vnc.ts";
import { ALWAYS_CRASH_LOOPING, type SimAppsConfig, simApplications } from "./apps.ts";
import { DEMO_DEVICE_SPECS, HEALTH as DEMO_HEALTH, DEMO_PASSWORD, DEMO_SPACE_UUID, DEMO_USERS } from "./demo-data.ts";
import { FAULTS as DEMO_PERIPHERAL_FAULTS } from "./demo-peripherals.ts";
import { rng } from "./episodes.ts";
import { provisionDevices, type SimAccess } from "./fleet.ts";
import { simHardware } from "./hardware.ts";
import { simIdentity } from "./identity.ts";
import type { SimScreenKind } from "./screen.ts";
import { simScreenshotJpeg } from "./screen.ts";
import { simProfile, simSensors } from "./telemetry.ts";

type Access = SimAccess;

type Platform = {
  device_type: "linux" | "windows" | "raspberry_pi" | "android_tv";
  os: [name: string, version: string, arch: string];
  cpu: string;
};
const PLATFORMS: [weight: number, Platform][] = [
  [0.45, { device_type: "linux", os: ["Debian GNU/Linux", "12", "x64"], cpu: "Intel Celeron J4125" }],
  [0.2, { device_type: "windows", os: ["Windows 11 IoT Enterprise", "24H2", "x64"], cpu: "Intel Core i3-1215U" }],
  [0.25, { device_type: "raspberry_pi", os: ["Raspberry Pi OS", "12", "arm64"], cpu: "Cortex-A76 (BCM2712)" }],
  [0.1, { device_type: "android_tv", os: ["Android TV", "12", "arm64"], cpu: "Amlogic S905X4" }],
];

/**
 * The platform of a simulated device: a seeded demo device's own type (a "Windows Computer" runs
 * Windows), else fixed by its uuid (also what it enrols as).
 */
export function simPlatform(uuid: string): Platform {
  const seeded = DEMO_DEVICE_SPECS.find((d) => d.uuid === uuid)?.type;
  const own = PLATFORMS.find(([, p]) => p.device_type === seeded)?.[1];
  if (own) return own;
  let pick = rng(`${uuid}/platform`)();
  for (const [weight, platform] of PLATFORMS) {
    if (pick < weight) return platform;
    pick -= weight;
  }
  return PLATFORMS[0][1];
}

/** What a kiosk, POS or signage player has attached: a few of these, fixed by its uuid (types as telemetry names them). */
const PERIPHERALS = [
  { name: "Bill Acceptor", type: "bill_acceptor" },
  { name: "Coin Acceptor", type: "coin_acceptor" },
  { name: "Paylink", type: "paylink" },
  { name: "Card Reader", type: "card_reader" },
  { name: "Receipt Printer", type: "pos_printer" },
  { name: "Barcode Scanner", type: "barcode_scanner" },
  { name: "USB Camera", type: "camera" },
  { name: "Touch Display", type: "display" },
  { name: "Door Switch", type: "door_switch" },
];
export function simPeripherals(uuid: string): { name: string; type: string }[] {
  const rand = rng(`${uuid}/peripherals`);
  const chosen = PERIPHERALS.filter(() => rand() < 0.45);
  // A Paylink board only comes with the acceptors it drives.
  const acceptor = chosen.some((p) => p.type.endsWith("_acceptor"));
  const kept = chosen.filter((p) => p.type !== "paylink" || acceptor);
  return kept.length ? kept : [PERIPHERALS[0]];
}

/** Machines a runner may find on its network: MAC prefix (agent/providers/detect.ts OUI_TABLE). */
const NEIGHBOURS = [
  "44:19:b6", // Hikvision IP camera
  "3c:ef:8c", // Dahua IP camera
  "dc:a6:32", // Raspberry Pi signage player
  "00:04:4b", // NVIDIA Shield (Android TV box)
  "00:80:77", // a network printer (not in the table: unknown)
  "e4:5f:01", // another Raspberry Pi
];

/**
 * What a simulated runner's detect-devices finds: 2–5 machines on its own 10.x subnet, fixed by
 * its uuid (the same machines on every scan), named and typed as the real agent does.
 */
export function simDetections(uuid: string): DetectionFinding[] {
  const rand = rng(`${uuid}/detect`);
  const subnet = `10.${20 + Math.floor(rand() * 200)}.${Math.floor(rand() * 250)}`;
  const count = 2 + Math.floor(rand() * 4);
  const pool = [...NEIGHBOURS];
  const hex = () =>
    Math.floor(rand() * 256)
      .toString(16)
      .padStart(2, "0");
  const neighbours = Array.from({ length: count }, (_, i) => {
    const [oui] = pool.splice(Math.floor(rand() * pool.length), 1);
    return {
      ip: `${subnet}.${20 + i * 7 + Math.floor(rand() * 7)}`,
      mac: `${oui}:${hex()}:${hex()}:${hex()}`,
      device: "eth0",
    };
  });
  return toFindings(neighbours);
}

/** What a simulated device has attached: the seeded peripherals of a seeded device, else simPeripherals. */
export function simAttached(device: Access): { name: string; type: string }[] {
  if (!device.hardware) return simPeripherals(device.uuid);
  const attached = device.hardware.peripherals.map((p) => ({ name: p.name, type: p.type }));
  // A Paylink board sits between the PC and both acceptors; the console has no type for it.
  const has = (type: string) => attached.some((p) => p.type === type);
  if (has("bill_acceptor") && has("coin_acceptor")) attached.push({ name: "Aardvark Paylink", type: "paylink" });
  return attached;
}

/**
 * A simulated machine: its character is fixed by its uuid (and, for a seeded device, the seed's
 * faults); values drift and episodes come and go (agent/sim/telemetry.ts). `now` is injectable.
 */
export function virtualMachine(
  device: Access,
  log: (line: string) => void,
  opts: {
    instant?: boolean;
    now?: () => number;
    /** Every display shows this (a demo or a test of one fault), instead of the seeded episodes. */
    screen?: SimScreenKind;
    /** The remote desktop's availability, reported among the services (a VNC server answering on --vnc-port). */
    remoteDesktop?: () => ServiceStatus | null;
    /**
     * A power action was answered: the simulated device goes offline and boots (the simulator's
     * main stops its session and starts it again after simulatedBootMs). Called once the answer
     * has had time to leave.
     */
    onPower?: (verb: "reboot" | "poweroff") => void;
  } = {},
): Machine & {
  applications: () => ApplicationsReport;
  displayHealth: DisplayHealthMonitor;
  displaySources: DisplayHealthSources;
} {
  const now = opts.now ?? Date.now;
  const rand = rng(device.uuid);
  const slowness = rand();
  const platform = simPlatform(device.uuid);
  const peripherals = simPeripherals(device.uuid);
  // A seeded device keeps its seeded type (the hello does not change it); others their platform's.
  const seeded = DEMO_DEVICE_SPECS.find((d) => d.uuid === device.uuid)?.type;
  const profile = simProfile({
    uuid: device.uuid,
    device_type: seeded && seeded !== "unknown" ? seeded : platform.device_type,
    peripherals: simAttached(device),
    chronic: DEMO_HEALTH[device.name],
    peripheralFaults: DEMO_PERIPHERAL_FAULTS[device.name],
    now: now(),
  });
  const sample = simSensors(profile);
  // The displays' applications (agent/sim/apps.ts): the seeded configuration until the console sends one.
  // Seeded as if applied a day ago: the applications have been up since (or looping, in an episode).
  let apps: SimAppsConfig = { displays: seededDisplays(device), appliedAt: now() - 24 * 3_600_000 };
  const applications = () =>
    simApplications(device.uuid, apps, now(), { alwaysLooping: ALWAYS_CRASH_LOOPING.has(device.name) });
  // Vision is installed on simulated Linux computers only; the agent service restarts with each simulated boot.
  const visionInstalled = (seeded && seeded !== "unknown" ? seeded : platform.device_type) === "linux";
  const vision = { on: false, since: null as number | null };
  let bootedAt = now();
  /** When a power action was answered: the first report after the simulated boot restarts the agent's clock. */
  let downAt: number | null = null;
  const services = (): ServiceStatus[] => [
    { name: "Outpost agent", kind: "agent", state: "running", since: bootedAt, restarts: 0, last_error: null },
    {
      name: "Vision",
      kind: "vision",
      state: !visionInstalled ? "not_installed" : vision.on ? "running" : "stopped",
      since: vision.since,
      restarts: 0,
      last_error: null,
    },
    ...[opts.remoteDesktop?.()].filter((s): s is ServiceStatus => Boolean(s)),
  ];
  const telemetry = async (): Promise<Telemetry> => {
    if (downAt !== null && now() - downAt > POWER_ANSWER_LEAVES_MS) {
      bootedAt = now();
      downAt = null;
    }
    return telemetryNow();
  };
  // Each display's screen, captured and judged as a real agent does (agent/display-health/).
  const displaySources = simDisplaySources({
    seed: device.uuid,
    title: device.name,
    // The configured displays, else (nothing configured yet) the displays the device detects.
    displays: () =>
      apps.displays.length
        ? apps.displays.filter((d) => !d.disabled).map((d) => d.name)
        : simHardware(device, peripherals).displays.map((d) => d.name),
    applications,
    always: opts.screen ?? ALWAYS_IN_TROUBLE[device.name],
  });
  const displayHealth = new DisplayHealthMonitor(displaySources);
  const telemetryNow = (): Telemetry => ({
    ...withDisplayHealth(withApplications(sample(now()), applications()), displayHealth.report()),
    vision: { enabled: vision.on, installed: visionInstalled },
    services: services(),
  });

  const ok = <R>(result: R) => Promise.resolve({ ok: true as const, result });
  const hardware = () => simHardware(device, peripherals);
  const vnc = () => ok({ url: `vnc://10.0.${Math.floor(rand() * 250)}.${Math.floor(rand() * 250)}:5900` });
  // The simulator simulates power for real (not a dry run): 204, offline, back after a boot.
  const power = (verb: "reboot" | "poweroff") => () => {
    downAt = now();
    if (opts.onPower) setTimeout(() => opts.onPower?.(verb), POWER_ANSWER_LEAVES_MS);
    return ok({ dry_run: false, simulated: true, ran: `simulated ${verb}` });
  };
  /** The simulator's providers, typed by contracts/commands/schema.ts like the real agent's. */
  const handlers: Handlers<null> = {
    // What the primary display really shows: its application's page, or the bare desktop when
    // the application is down (agent/sim/screen.ts renders a real JPEG).
    screenshot: () => {
      const primary = applications().displays[0];
      const app = primary?.applications.find((a) => a.state === "running");
      return ok({
        image_base64: simScreenshotJpeg({
          kind: app ? "playing" : "desktop",
          title: device.name,
          subtitle: app?.name,
          at: now(),
          hue: Math.floor(rng(`${device.uuid}/hue`)() * 360),
        }),
      });
    },
    "reverse-ssh": () => ok({ host: "relay.outpost.local", port: 20_000 + Math.floor(Math.random() * 20_000) }),
    "remote-desktop": vnc,
    // Its own (simulated) virtual screen, never the ordinary remote desktop's address.
    "headless-remote-desktop": () => {
      const port = 5950 + Math.floor(rand() * 40);
      return ok({ url: `vnc://127.0.0.1:${port}`, host: "127.0.0.1", port, headless: true, simulated: true });
    },
    "instant-reboot": power("reboot"),
    "instant-power-off": power("poweroff"),
    "set-enabled": (params) => ok({ ...params }),
    "set-debug": (params) => ok({ ...params }),
    "set-vision": ({ enabled }) => {
      if (enabled && !visionInstalled)
        return Promise.resolve({ ok: false as const, error: `${VISION_NOT_INSTALLED_MESSAGE}.` });
      if (vision.on !== enabled) vision.since = now();
      vision.on = enabled;
      return ok({ vision: enabled });
    },
    "set-peripheral-enabled": ({ peripheral_uuid, enabled }) => ok({ peripheral_uuid, enabled }),
    "detect-devices": () => ok({ devices: simDetections(device.uuid) }),
    "detect-displays": () => ok({ displays: hardware().displays }),
    "detect-peripherals": () => ok({ peripherals: hardware().peripherals }),
    "apply-display-config": ({ displays }) => {
      apps = { displays, appliedAt: now() };
      const configured = displays.filter((d) => !d.disabled).reduce((n, d) => n + d.applications.length, 0);
      return ok({ simulated: true, applied_displays: displays.length, applications: { allowed: true, configured } });
    },
    "fetch-logs": () => ok({ lines: [`${new Date(now()).toISOString()} simulated agent of ${device.name}`] }),
    // A camera on the simulated LAN answers when it is on a private address (10.*, 192.168.*, 172.16–31.*).
    "camera-connection-test": (params) => ok(simCameraProbe(params)),
    "camera-snapshot": () =>
      ok({
        image_base64: simScreenshotJpeg({ kind: "playing", title: device.name, subtitle: "LIVE", at: now(), hue: 200 }),
        source: "simulated",
      }),
  };
  const answer = executorOf(handlers, null);

  const execute = async (command: Command): Promise<CommandReply> => {
    // Most answer within seconds; a few devices are slow, one in ten answers too late (timeout).
    // With `instant` (benchmarks) there is no injected delay and no injected failure.
    const delay =
      slowness > 0.9 ? 35_000 : slowness > 0.7 ? 5_000 + Math.random() * 10_000 : 300 + Math.random() * 2000;
    if (!opts.instant) await new Promise((r) => setTimeout(r, delay));
    if (!opts.instant && Math.random() < 0.1) return { ok: false, error: `Simulated failure of ${command.action}.` };
    log(`${device.name}: ${command.action}`);
    return answer(command);
  };

  return {
    telemetry,
    execute,
    applications,
    displayHealth,
    displaySources,
    inventory: async () => ({
      machine_id: simIdentity(device.uuid).machine_id,
      inventory: {
        device_type: platform.device_type,
        operating_system_name: platform.os[0],
        operating_system_version: platform.os[1],
        operating_system_architecture: platform.os[2],
        cpu_model: `${platform.cpu} (${profile.threads} threads)`,
        ram_size: profile.ram,
        storage_drives: [{ name: "/dev/sda", model: "SIM-SSD", capacity: profile.disk }],
        mac_addresses: [simIdentity(device.uuid).mac],
      },
    }),
  };
}

/** How long after answering a power action the simulated device goes down (its answer leaves first). */
export const POWER_ANSWER_LEAVES_MS = 1_000;

/**
 * How long a simulated device stays down: a reboot boots in 20–40 s; a power-off is switched on
 * again after 2–4 min (as someone on site would), so the demo fleet does not shrink.
 */
export function simulatedBootMs(verb: "reboot" | "poweroff", random: () => number = Math.random): number {
  return verb === "reboot" ? 20_000 + random() * 20_000 : 120_000 + random() * 120_000;
}

/** A simulated power action: the session goes away (offline) and comes back after the boot. */
export function powerCycle(
  session: { stop: () => void; start: () => unknown },
  verb: "reboot" | "poweroff",
  log: (line: string) => void,
  random: () => number = Math.random,
) {
  const down = simulatedBootMs(verb, random);
  log(`simulated ${verb}, back in ${Math.round(down / 1000)} s`);
  session.stop();
  setTimeout(() => session.start(), down);
}

/** A seeded device's displays with their seeded applications (devices.json), as apply-display-config carries them. */
export function seededDisplays(device: Access): AppliedDisplay[] {
  const hardware = device.hardware;
  if (!hardware) return [];
  return hardware.displays.map((d) => {
    const mine = (hardware.applications ?? []).filter((a) => a.display === d.name);
    return {
      uuid: mine[0]?.display_uuid,
      name: d.name,
      graphical_output: d.graphical_output,
      primary: d.primary,
      disabled: false,
      resolution: d.resolution,
      refresh_rate: d.refresh_rate,
      orientation: d.orientation,
      applications: mine.map((a) => a.application),
    };
  });
}

/** A virtual agent's command journal: `<dir>/<uuid>.jsonl`, or in memory when `dir` is null. */
export function simJournal(uuid: string, dir: string | null): CommandJournal {
  return dir ? new FileJournal(join(dir, `${uuid}.jsonl`)) : new MemoryJournal();
}

/** The seeded devices that have a credential (none when the file is missing). */
function readSeeded(file: string): Access[] {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as Access[]).filter((d) => d.credential);
  } catch {
    return [];
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      server: { type: "string", default: "http://localhost:8787" },
      devices: { type: "string" },
      "devices-json": { type: "string", default: ".outpost/devices.json" },
      "no-flaky": { type: "boolean", default: false },
      fast: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      instant: { type: "boolean", default: false },
      space: { type: "string" },
      email: { type: "string", default: DEMO_USERS.find((u) => u.email.startsWith("admin@"))?.email },
      password: { type: "string", default: DEMO_PASSWORD },
      "simulated-json": { type: "string", default: ".outpost/simulated-devices.json" },
      "journal-dir": { type: "string", default: ".outpost/sim-journal" },
      "memory-journal": { type: "boolean", default: false },
      "vnc-port": { type: "string" },
      // How the simulated person at each device answers a consent prompt: accept[:ms] (default
      // accept after 2 s), refuse[:ms] or ignore (the location's default applies at its timeout).
      consent: { type: "string" },
      /** Seconds between display captures (the space's setting on a real agent): 300, or 30 with --fast. */
      "capture-interval": { type: "string" },
      /** Every display shows this: playing, frozen, black, error, desktop, panel_off or no_signal. */
      screen: { type: "string" },
    },
  });
  const log = (line: string) => {
    if (!values.quiet) console.log(`[simulator] ${line}`);
  };
  const seeded = readSeeded(values["devices-json"] ?? "");
  const wanted = values.devices ? Number(values.devices) : seeded.length;
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error("--devices is a whole number, at least 1");
  const space = values.space ?? seeded[0]?.space_uuid ?? DEMO_SPACE_UUID;
  const devices = seeded.slice(0, wanted);
  if (devices.length < wanted) {
    const extra = await provisionDevices({
      server: values.server ?? "",
      email: values.email ?? "",
      password: values.password ?? "",
      space,
      count: wanted - devices.length,
      file: values["simulated-json"] ?? "",
      platformOf: (uuid) => simPlatform(uuid).device_type,
      log: (line) => console.log(`[simulator] ${line}`),
    });
    devices.push(...extra);
  }
  const timing = values.fast ? { heartbeatMs: 5_000, telemetryMs: 10_000 } : {};
  // One probe for every simulated device: Remote Desktop is offered only while a VNC server
  // answers on --vnc-port (the simulated devices relay it; none answers in the plain demo).
  const probeDesktop = remoteDesktopStatus({ port: parseVncPort(values["vnc-port"]), cacheMs: 0 });
  let desktop: ServiceStatus | null = null;
  const refreshDesktop = () =>
    probeDesktop().then(
      (status) => {
        desktop = status;
      },
      () => {},
    );
  await refreshDesktop();
  setInterval(refreshDesktop, 30_000).unref();
  const consentAnswer = parseSimulatedAnswer(values.consent);
  const sessions = devices.map((device) => {
    const machine = virtualMachine(device, log, {
      instant: values.instant,
      remoteDesktop: () => desktop,
      ...(values.screen ? { screen: values.screen as SimScreenKind } : {}),
      onPower: (verb) => powerCycle(session, verb, (line) => log(`${device.name}: ${line}`)),
    });
    const session: AgentSession = new AgentSession({
      url: roomUrl({ server: values.server ?? "", device_uuid: device.uuid }),
      credential: device.credential ?? "",
      machine,
      journal: simJournal(device.uuid, values["memory-journal"] ? null : (values["journal-dir"] ?? null)),
      backoff: { baseMs: 2000, maxMs: 30_000 },
      // The terminal is a shell simulated in this process over an in-memory filesystem, never a
      // shell of the host (the simulator runs on the server's machine, often as root).
      // Remote desktop relays whatever VNC server answers on 127.0.0.1:--vnc-port; otherwise "not available".
      prompter: simulatedPrompter(consentAnswer, (line) => log(`${device.name}: ${line}`)),
      tunnels: {
        terminal: simulatedTerminal({ device, inventory: machine.inventory }),
        vnc: vncProvider({ port: parseVncPort(values["vnc-port"]), log }),
      },
      ...timing,
      // The space's capture interval, unless this run set its own (--capture-interval, --fast).
      onConfig: ({ capture_interval_s }) => {
        if (!ownInterval) captureSchedule.setInterval(capture_interval_s);
      },
    });
    // An application that starts, crashes or comes back is reported at once, as the real agent does.
    let appsSeen = "";
    setInterval(() => {
      const now = applicationsSignature(machine.applications());
      if (now === appsSeen || !session.connected) return;
      appsSeen = now;
      session.reportTelemetry().catch(() => {});
    }, 2_000);
    // Every display is captured each interval; a state change is reported at once.
    const ownInterval = values["capture-interval"] !== undefined || values.fast === true;
    const captureMs = 1000 * Number(values["capture-interval"] ?? (values.fast ? 30 : 300));
    const capture = () => {
      if (!session.connected) return;
      machine.displayHealth
        .tick(Date.now())
        .then(({ captures, changed }) => {
          for (const c of captures) session.reportCapture(c);
          if (changed) return session.reportTelemetry();
        })
        .catch((e: unknown) => log(`${device.name}: capture failed: ${String(e)}`));
    };
    const captureSchedule = new CaptureSchedule(capture, captureMs / 1000);
    // A few demo screens come with their last 24 h (the room files them at their own times), so
    // the strip shows a day of states from the first minute of a fresh demo.
    if (DEMO_HISTORY.has(device.name) && !values.screen) {
      const sendHistory = () => {
        if (!session.connected) return void setTimeout(sendHistory, 5_000);
        void displayHistory(machine.displaySources, Date.now()).then((captures) => {
          for (const c of captures) session.reportCapture(c);
        });
      };
      setTimeout(sendHistory, 5_000 + Math.random() * 5_000);
    }
    captureSchedule.start(Math.min(15_000, captureMs) + Math.random() * Math.min(captureMs, devices.length * 200));
    // Stagger the joins so a big fleet does not arrive in one burst.
    setTimeout(() => session.start(), Math.random() * Math.min(10_000, devices.length * 50));
    return { device, session };
  });
  log(`${sessions.length} virtual agents → ${values.server}`);

  if (!values["no-flaky"]) {
    // Now and then a device drops offline for 1–3 minutes and comes back.
    setInterval(() => {
      const pick = sessions[Math.floor(Math.random() * sessions.length)];
      if (!pick?.session.connected) return;
      log(`${pick.device.name} drops offline`);
      pick.session.stop();
      setTimeout(() => pick.session.start(), 60_000 + Math.random() * 120_000);
    }, 45_000);
  }
  const stop = () => {
    for (const { session } of sessions) session.stop();
    setTimeout(() => process.exit(0), 200);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** The simulator's camera check: a camera on a private address answers both ports, others do not. */
export function simCameraProbe(params: {
  ip_address: string;
  http_port: number;
  main_rtsp_port: number;
  username: string;
}) {
  const lan = /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(params.ip_address);
  if (!lan) {
    const down = { reachable: false, status: null, latency_ms: null, message: `${params.ip_address} did not answer` };
    return {
      http: { ...down, message: `HTTP not reachable: ${down.message}` },
      rtsp: { ...down, message: `RTSP not reachable: ${down.message}` },
    };
  }
  const latency = 4 + (params.http_port % 17);
  const http = params.username
    ? { reachable: true, status: 200, latency_ms: latency, message: "HTTP 200" }
    : { reachable: true, status: 401, latency_ms: latency, message: "HTTP 401: the camera refused the credentials" };
  return { http, rtsp: { reachable: true, status: 200, latency_ms: latency + 2, message: "RTSP 200" } };
}

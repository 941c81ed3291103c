/**
 * One running simulated machine: the telemetry it reports, the commands it answers and its
 * displays' health, for the simulator's CLI (simulator.ts), load scripts and tests.
 */
import type { ApplicationsReport } from "../../contracts/admin/applications.ts";
import type { AppliedDisplay } from "../../contracts/commands/schema.ts";
import { type ServiceStatus, VISION_NOT_INSTALLED_MESSAGE } from "../../contracts/devices/services.ts";
import type { Command, Telemetry } from "../../contracts/realtime/events.ts";
import { withApplications } from "../apps/telemetry.ts";
import { DisplayHealthMonitor, type DisplayHealthSources, withDisplayHealth } from "../display-health/monitor.ts";
import { ALWAYS_IN_TROUBLE, simDisplaySources } from "../display-health/sim.ts";
import { executorOf } from "../providers/dispatch.ts";
import type { Handlers } from "../providers/types.ts";
import type { CommandReply, Machine } from "../session.ts";
import { ALWAYS_CRASH_LOOPING, type SimAppsConfig, simApplications } from "./apps.ts";
import { DEMO_DEVICE_SPECS, HEALTH as DEMO_HEALTH } from "./demo-devices.ts";
import { FAULTS as DEMO_PERIPHERAL_FAULTS } from "./demo-peripherals.ts";
import { rng } from "./episodes.ts";
import type { SimAccess } from "./fleet.ts";
import { simHardware } from "./hardware.ts";
import { simIdentity } from "./identity.ts";
import { POWER_ANSWER_LEAVES_MS } from "./power.ts";
import type { SimScreenKind } from "./screen.ts";
import { simScreenshotJpeg } from "./screen.ts";
import { simProfile, simSensors } from "./telemetry.ts";
import { simAttached, simCameraProbe, simDetections, simPeripherals, simPlatform } from "./traits.ts";

type Access = SimAccess;

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

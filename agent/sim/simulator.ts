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
import { applicationsSignature } from "../../contracts/admin/applications.ts";
import type { ServiceStatus } from "../../contracts/devices/services.ts";
import { parseVncPort, roomUrl } from "../config.ts";
import { parseSimulatedAnswer, simulatedPrompter } from "../consent/prompt.ts";
import { CaptureSchedule } from "../display-health/schedule.ts";
import { DEMO_HISTORY, displayHistory } from "../display-health/sim.ts";
import { type CommandJournal, FileJournal, MemoryJournal } from "../journal.ts";
import { remoteDesktopStatus } from "../remote-desktop-status.ts";
import { AgentSession } from "../session.ts";
import { simulatedTerminal } from "../tunnel/sim-shell.ts";
import { vncProvider } from "../tunnel/vnc.ts";
import { DEMO_PASSWORD, DEMO_SPACE_UUID, DEMO_USERS } from "./demo-data.ts";
import { provisionDevices, type SimAccess } from "./fleet.ts";
import { virtualMachine } from "./machine.ts";
import { powerCycle } from "./power.ts";
import type { SimScreenKind } from "./screen.ts";
import { simPlatform } from "./traits.ts";

// The simulator's parts, re-exported: scripts and tests import them from here by name.
export { seededDisplays, virtualMachine } from "./machine.ts";
export { POWER_ANSWER_LEAVES_MS, powerCycle, simulatedBootMs } from "./power.ts";
export { simAttached, simCameraProbe, simDetections, simPeripherals, simPlatform } from "./traits.ts";

type Access = SimAccess;

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

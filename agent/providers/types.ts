import type { CommandAnswer, ParsedParams } from "../../contracts/commands/schema.ts";
import type { CommandAction } from "../../contracts/realtime/events.ts";
import type { AppRunner } from "../apps/runner.ts";
import type { AgentLog } from "../log.ts";
import type { AgentStateFile } from "../state.ts";

/** Options of the real agent's providers (from the command line). */
export type ProviderOptions = {
  /** Really ask the OS to reboot or power off (agent/providers/power.ts); otherwise report what would run. */
  allowPower: boolean;
  /** How long one way of powering may take to be accepted (default 10 s; tests shorten it). */
  powerTimeoutMs?: number;
  /** The vision service: a command the agent supervises (`--vision-command`) or a systemd unit (`--vision-unit`). */
  visionCommand?: string;
  visionUnit?: string;
  /** The running vision service (the agent's one, shared with its telemetry); made from the two above when absent. */
  vision?: import("./vision.ts").VisionService;
  /** Where USB devices are authorised (default /sys/bus/usb/devices; tests pass a directory of their own). */
  usbDevicesDir?: string;
  /** `--allow-headless-vnc`: headless-remote-desktop starts Xvfb and x11vnc. */
  allowHeadlessVnc?: boolean;
  /** Starts the headless desktop (tests pass a fake); agent/tunnel/headless-vnc.ts by default. */
  startHeadless?: typeof import("../tunnel/headless-vnc.ts").startHeadlessDesktop;
  /** A shell command that writes a JPEG to stdout (e.g. `grim -t jpeg -`). */
  screenshotCommand?: string;
  /** A fixed JPEG to send as the screenshot (tests, demos). */
  screenshotFile?: string;
  /** user@relay-host for `ssh -R`; the remote port is chosen per request unless rsshPort is set. */
  rsshRelay?: string;
  rsshPort?: number;
  /** What remote desktop reports (e.g. vnc://10.0.0.5:5900); never the Headless VNC's answer. */
  vncUrl?: string;
  /** No longer used: Headless VNC answers the address it started (kept so old command lines parse). */
  headlessVncUrl?: string;
  /** A file in /proc/net/arp format to read the neighbours from (default /proc/net/arp). */
  neighbourFile?: string;
  /** Really change the screens with xrandr; otherwise apply-display-config only writes displayConfigFile. */
  allowDisplay?: boolean;
  /** Where apply-display-config keeps the configuration (beside the agent's config). */
  displayConfigFile?: string;
  /** Runs the displays' applications (agent/apps/); none: apply-display-config only changes the screens. */
  apps?: AppRunner;
  /** The environment grabbers are looked up and run in (default: the agent's own). */
  env?: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** The agent's kept settings (agent/state.ts); in memory only when absent (createExecutor makes one). */
  state?: AgentStateFile;
  /** The agent's log ring (agent/log.ts) fetch-logs answers; none: it answers no lines. */
  logs?: AgentLog;
};

/** An action's answer: its result or why it failed (the session sends it as a commandResult). */
export type Reply<R> = { ok: true; result: R } | { ok: false; error: string };

/** Actions a machine answers; "telemetry-refresh" is the session's own (agent/session.ts). */
export type MachineAction = Exclude<CommandAction, "telemetry-refresh">;

/** Runs action A: params already validated with contracts/commands/schema.ts, an answer of its result's shape. */
export type Handler<A extends MachineAction, O> = (
  params: ParsedParams<A>,
  options: O,
) => Promise<Reply<CommandAnswer<A>>>;

/**
 * One handler per action, typed by contracts/commands/schema.ts COMMANDS: a missing one, or one whose
 * params or answer do not fit, fails tsc. The real agent's (index.ts) and the simulator's.
 */
export type Handlers<O> = { [A in MachineAction]: Handler<A, O> };

/** A real agent's provider of action A. */
export type Provider<A extends MachineAction> = Handler<A, ProviderOptions>;

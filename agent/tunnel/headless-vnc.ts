import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { connect, createServer } from "node:net";
import { delimiter, join } from "node:path";
import type { ServiceStatus } from "../../contracts/devices/services.ts";

/**
 * Headless VNC: a virtual screen (`Xvfb :N`) with a VNC server on it (`x11vnc`,
 * loopback only, no password: only this agent connects, and it relays through the device room),
 * started for one remote-desktop session on a device where nothing else serves VNC, and stopped
 * when the session ends. Also what the e2e test starts as "the device's VNC server".
 */
export type HeadlessDesktop = {
  /** The X display, e.g. ":57" (for tools that draw on it: xsetroot, xterm). */
  display: string;
  /** The loopback port x11vnc serves RFB on. */
  port: number;
  /** Stops x11vnc and Xvfb. */
  stop: () => void;
};

export const HEADLESS_TOOLS = ["Xvfb", "x11vnc"] as const;

/** The path of `command` on PATH, or null. */
export function which(command: string, env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, command);
    if (existsSync(path)) return path;
  }
  return null;
}

/** Whether Xvfb and x11vnc are installed. */
export const headlessAvailable = (env: NodeJS.ProcessEnv = process.env) =>
  HEADLESS_TOOLS.every((tool) => which(tool, env) !== null);

/** A free display number (no socket and no lock file), from 50 up. */
export function freeDisplay(from = 50): number {
  for (let n = from; n < from + 200; n++) {
    if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n;
  }
  throw new Error("No free X display number.");
}

/** A TCP port nothing listens on (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function listening(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string, child: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  let failed: Error | null = null;
  child.once("error", (e) => {
    failed = e;
  });
  while (Date.now() < deadline) {
    if (failed) throw new Error(`${what} could not be started: ${(failed as Error).message}`);
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

/**
 * Starts `Xvfb :N -screen 0 WxHx24` and `x11vnc -display :N -rfbport P -localhost -nopw -forever`
 * and resolves when x11vnc accepts connections. Throws (after stopping what started) when a tool
 * is missing or does not come up in time.
 */
export async function startHeadlessDesktop(
  opts: { width?: number; height?: number; log?: (line: string) => void; timeoutMs?: number } = {},
): Promise<HeadlessDesktop> {
  const missing = HEADLESS_TOOLS.filter((tool) => !which(tool));
  if (missing.length) throw new Error(`Headless VNC needs ${missing.join(" and ")} (not installed).`);
  const n = freeDisplay();
  const display = `:${n}`;
  const port = await freePort();
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const children: ChildProcess[] = [];
  /** x11vnc first, then Xvfb; whatever has not exited 2 s after SIGTERM gets SIGKILL. */
  const stop = () => {
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill("SIGTERM");
      const force = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }, 2000);
      force.unref();
      child.once("exit", () => clearTimeout(force));
    }
  };
  try {
    const screen = `${opts.width ?? 1280}x${opts.height ?? 800}x24`;
    const xvfb = spawn("Xvfb", [display, "-screen", "0", screen, "-nolisten", "tcp"], { stdio: "ignore" });
    // A spawn that fails (EACCES, a tool removed meanwhile) must not end the agent: it shows as an exit below.
    xvfb.on("error", (e) => opts.log?.(`Xvfb: ${e.message}`));
    children.push(xvfb);
    await until(() => existsSync(`/tmp/.X11-unix/X${n}`), timeoutMs, "Xvfb", xvfb);
    const vnc = spawn(
      "x11vnc",
      ["-display", display, "-rfbport", String(port), "-localhost", "-nopw", "-forever", "-shared", "-quiet"],
      { stdio: "ignore" },
    );
    vnc.on("error", (e) => opts.log?.(`x11vnc: ${e.message}`));
    children.push(vnc);
    await until(() => listening(port, 500), timeoutMs, "x11vnc", vnc);
    opts.log?.(`headless VNC: Xvfb ${display} and x11vnc on 127.0.0.1:${port}`);
    return { display, port, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** How long a desktop started by the Headless VNC action stays up unused (a session in use keeps it). */
export const HEADLESS_IDLE_MS = 30 * 60_000;

let current: (HeadlessDesktop & { alive: () => boolean }) | null = null;
const life = { since: null as number | null, starts: 0, error: null as string | null };

/** The Headless VNC desktop as a supervised service (Asset Info → Services). */
export function headlessStatus(): ServiceStatus {
  return {
    name: "Headless VNC (Xvfb + x11vnc)",
    kind: "vnc",
    state: currentHeadless() ? "running" : life.error ? "failed" : "stopped",
    since: life.since,
    restarts: Math.max(0, life.starts - 1),
    last_error: life.error,
  };
}
let idleTimer: ReturnType<typeof setTimeout> | null = null;

/** The desktop the Headless VNC action started, while it runs (the vnc tunnel connects to it). */
export const currentHeadless = (): HeadlessDesktop | null => (current?.alive() ? current : null);

/** Keeps the action's desktop up for another HEADLESS_IDLE_MS (a session uses it). */
export function touchHeadless() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(stopHeadless, HEADLESS_IDLE_MS);
  idleTimer.unref();
}

/** Stops the action's desktop, if any. */
export function stopHeadless() {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (current) life.since = Date.now();
  current?.stop();
  current = null;
}

/**
 * The Headless VNC action (`--allow-headless-vnc`): Xvfb + x11vnc started once and kept while in
 * use (stopped after HEADLESS_IDLE_MS unused); a second request gets the running one. Throws with
 * a clear text when a tool is missing or does not come up.
 */
export async function ensureHeadlessDesktop(
  opts: { log?: (line: string) => void; start?: typeof startHeadlessDesktop } = {},
): Promise<HeadlessDesktop> {
  const running = currentHeadless();
  if (running) {
    touchHeadless();
    return running;
  }
  let desktop: HeadlessDesktop;
  try {
    desktop = await (opts.start ?? startHeadlessDesktop)({ log: opts.log });
  } catch (error) {
    life.error = error instanceof Error ? error.message : String(error);
    life.since = Date.now();
    throw error;
  }
  life.starts++;
  life.since = Date.now();
  life.error = null;
  const socket = `/tmp/.X11-unix/X${desktop.display.slice(1)}`;
  let stopped = false;
  current = {
    ...desktop,
    stop: () => {
      stopped = true;
      desktop.stop();
    },
    alive: () => !stopped && existsSync(socket),
  };
  touchHeadless();
  return current;
}

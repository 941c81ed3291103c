import { type ChildProcess, spawn } from "node:child_process";
import type { ServiceStatus } from "../../contracts/devices/services.ts";
import { ensureHeadlessDesktop } from "../tunnel/headless-vnc.ts";
import type { Provider } from "./types.ts";

let tunnel: ChildProcess | null = null;
/** The tunnel as a service (Asset Info → Services): since when, how many times it was opened, why it last ended. */
const tunnelLife = { since: null as number | null, starts: 0, error: null as string | null };

/** The running tunnel, if any (a new request replaces it; the agent's exit ends it). */
export const currentTunnel = () => tunnel;

/** The reverse SSH tunnel as a supervised service. */
export function tunnelStatus(): ServiceStatus {
  const up = tunnel !== null && tunnel.exitCode === null && tunnel.signalCode === null;
  return {
    name: "Reverse SSH tunnel",
    kind: "ssh_tunnel",
    state: up ? "running" : tunnelLife.error ? "failed" : "stopped",
    since: tunnelLife.since,
    restarts: Math.max(0, tunnelLife.starts - 1),
    last_error: tunnelLife.error,
  };
}

/** reverse-ssh: `ssh -N -R <port>:localhost:22 <relay>`; reports the relay port to connect to. */
export const reverseSsh: Provider<"reverse-ssh"> = async (_params, options) => {
  if (!options.rsshRelay) return { ok: false, error: "No reverse SSH relay configured (--rssh-relay user@host)." };
  const port = options.rsshPort ?? 20_000 + Math.floor(Math.random() * 20_000);
  tunnel?.kill();
  const args = ["-N", "-o", "ExitOnForwardFailure=yes", "-o", "ServerAliveInterval=30"];
  args.push("-R", `${port}:localhost:22`, options.rsshRelay);
  const child = spawn("ssh", args, { stdio: "ignore", env: options.env ?? process.env });
  tunnel = child;
  tunnelLife.starts++;
  tunnelLife.since = Date.now();
  tunnelLife.error = null;
  // Whenever it ends (now or hours later), the service says so.
  child.on("error", (e) => {
    if (tunnel === child) tunnelLife.error = e.message;
  });
  child.on("exit", (code, signal) => {
    if (tunnel !== child) return;
    tunnelLife.since = Date.now();
    if (code !== 0 && signal !== "SIGTERM") tunnelLife.error = `ssh exited with ${code ?? signal}`;
  });
  // A tunnel that dies in its first seconds did not come up.
  const failed = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 3000);
    child.once("error", (e) => {
      clearTimeout(timer);
      resolve(e.message);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(`ssh exited with ${code}`);
    });
  });
  if (failed) return { ok: false, error: `Reverse SSH failed: ${failed}` };
  const host = options.rsshRelay.split("@").pop() ?? options.rsshRelay;
  return { ok: true, result: { host, port } };
};

/** remote-desktop: report the configured address. */
export const remoteDesktop: Provider<"remote-desktop"> = async (_params, options) => {
  const url = options.vncUrl;
  if (!url) return { ok: false, error: "No remote desktop configured (--vnc-url)." };
  const parsed = new URL(url);
  return { ok: true, result: { url, host: parsed.hostname, port: Number(parsed.port) || 5900 } };
};

export const HEADLESS_NOT_ALLOWED =
  "Headless VNC is not allowed on this device (start the agent with --allow-headless-vnc).";

/**
 * headless-remote-desktop: starts a virtual screen with a VNC server on it (Xvfb + x11vnc, only
 * with --allow-headless-vnc) and answers the address it started (loopback: the console's viewer
 * reaches it through the device's room), or refuses saying why. Never the ordinary --vnc-url.
 */
export const headlessRemoteDesktop: Provider<"headless-remote-desktop"> = async (_params, options) => {
  if (!options.allowHeadlessVnc) return { ok: false, error: HEADLESS_NOT_ALLOWED };
  try {
    const desktop = await ensureHeadlessDesktop({ log: options.log, start: options.startHeadless });
    return {
      ok: true,
      result: {
        url: `vnc://127.0.0.1:${desktop.port}`,
        host: "127.0.0.1",
        port: desktop.port,
        display: desktop.display,
        headless: true,
      },
    };
  } catch (error) {
    return {
      ok: false,
      error: `Headless VNC failed to start: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
};

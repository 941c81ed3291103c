import { type ChildProcess, spawn } from "node:child_process";
import type { Provider, ProviderOptions } from "./types.ts";

let tunnel: ChildProcess | null = null;

/** The running tunnel, if any (a new request replaces it; the agent's exit ends it). */
export const currentTunnel = () => tunnel;

/** reverse-ssh: `ssh -N -R <port>:localhost:22 <relay>`; reports the relay port to connect to. */
export const reverseSsh: Provider<"reverse-ssh"> = async (_params, options) => {
  if (!options.rsshRelay) return { ok: false, error: "No reverse SSH relay configured (--rssh-relay user@host)." };
  const port = options.rsshPort ?? 20_000 + Math.floor(Math.random() * 20_000);
  tunnel?.kill();
  const args = ["-N", "-o", "ExitOnForwardFailure=yes", "-o", "ServerAliveInterval=30"];
  args.push("-R", `${port}:localhost:22`, options.rsshRelay);
  const child = spawn("ssh", args, { stdio: "ignore", env: options.env ?? process.env });
  tunnel = child;
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

/** remote-desktop / headless VNC: report the configured address. */
const desktop = (headless: boolean) => async (options: ProviderOptions) => {
  const url = headless ? (options.headlessVncUrl ?? options.vncUrl) : options.vncUrl;
  if (!url) {
    return headless
      ? { ok: false as const, error: "Headless VNC failed to start. Please try again later." }
      : { ok: false as const, error: "No remote desktop configured (--vnc-url)." };
  }
  const parsed = new URL(url);
  return { ok: true as const, result: { url, host: parsed.hostname, port: Number(parsed.port) || 5900 } };
};
const desktopOf = desktop(false);
const headlessOf = desktop(true);

export const remoteDesktop: Provider<"remote-desktop"> = (_params, options) => desktopOf(options);
export const headlessRemoteDesktop: Provider<"headless-remote-desktop"> = (_params, options) => headlessOf(options);

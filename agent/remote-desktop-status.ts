import type { ServiceStatus } from "../contracts/devices/services.ts";
import { dial } from "./tunnel/vnc.ts";

export type RemoteDesktopSource = {
  /** The VNC server the remote desktop relays: 127.0.0.1:`port` (`--vnc-port`, default 5900). */
  port: number;
  host?: string;
  /** `--allow-headless-vnc` with Xvfb and x11vnc installed: a desktop is started for a session when none answers. */
  headless?: boolean;
  /** How long an answer is kept (a probe is one local TCP connect). */
  cacheMs?: number;
  timeoutMs?: number;
};

const NAME = "Remote desktop (VNC)";

/**
 * The remote desktop as a service the agent reports, so the console offers Remote Desktop only
 * where it can work: running while a VNC server answers on the device, stopped (started on
 * demand) where the agent may start a headless one, not installed otherwise.
 */
export function remoteDesktopStatus(source: RemoteDesktopSource): () => Promise<ServiceStatus> {
  const { port, host = "127.0.0.1", headless = false, cacheMs = 30_000, timeoutMs = 500 } = source;
  let kept: { at: number; status: ServiceStatus } | null = null;
  let since: number | null = null;
  return async () => {
    if (kept && Date.now() - kept.at < cacheMs) return kept.status;
    const socket = await dial(host, port, timeoutMs);
    socket?.destroy();
    const up = socket !== null;
    const state = up ? "running" : headless ? "stopped" : "not_installed";
    if (kept?.status.state !== state) since = state === "running" ? Date.now() : null;
    const status: ServiceStatus = {
      name: NAME,
      kind: "remote_desktop",
      state,
      since,
      restarts: 0,
      last_error: up || headless ? null : `No VNC server answers on ${host}:${port}.`,
    };
    kept = { at: Date.now(), status };
    return status;
  };
}

import { connect, type Socket } from "node:net";
import { TUNNEL_CHUNK_BYTES, TUNNEL_TEXT } from "../../contracts/remote-actions/tunnel.ts";
import {
  currentHeadless,
  type HeadlessDesktop,
  headlessAvailable,
  startHeadlessDesktop,
  touchHeadless,
} from "./headless-vnc.ts";
import { type TunnelProvider, TunnelRefused } from "./sessions.ts";

export type VncOptions = {
  /** The device's VNC server: 127.0.0.1:`port` (`--vnc-port`, default 5900). */
  port: number;
  host?: string;
  /**
   * `--allow-headless-vnc`: when nothing answers on `port` and Xvfb and x11vnc are installed,
   * start a virtual screen with a VNC server for the session (stopped when it ends).
   */
  allowHeadless?: boolean;
  /** Starts the headless desktop (tests pass a fake). */
  startHeadless?: () => Promise<HeadlessDesktop>;
  /** Whether Xvfb and x11vnc are installed (tests pass a fake). */
  headlessInstalled?: () => boolean;
  /** How long a TCP connect may take. */
  connectTimeoutMs?: number;
  log?: (line: string) => void;
};

/** A TCP connection to host:port, or null when nothing answers. */
export function dial(host: string, port: number, timeoutMs: number): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const fail = () => {
      socket.destroy();
      resolve(null);
    };
    socket.setTimeout(timeoutMs, fail);
    socket.once("error", fail);
    socket.once("connect", () => {
      socket.setTimeout(0);
      socket.removeListener("error", fail);
      resolve(socket);
    });
  });
}

/** The device's VNC server, else (when allowed and installed) a headless desktop started for this session. */
async function reach(options: VncOptions): Promise<{ socket: Socket; headless: HeadlessDesktop | null } | null> {
  const timeout = options.connectTimeoutMs ?? 5000;
  const socket = await dial(options.host ?? "127.0.0.1", options.port, timeout);
  if (socket) return { socket, headless: null };
  // The desktop the Headless VNC action started (it outlives this session; kept up while used).
  const started = currentHeadless();
  if (started) {
    const onStarted = await dial("127.0.0.1", started.port, timeout);
    if (onStarted) {
      touchHeadless();
      return { socket: onStarted, headless: null };
    }
  }
  if (!options.allowHeadless || !(options.headlessInstalled ?? headlessAvailable)()) return null;
  let headless: HeadlessDesktop;
  try {
    headless = await (options.startHeadless ?? (() => startHeadlessDesktop({ log: options.log })))();
  } catch (error) {
    options.log?.(`headless VNC failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  const local = await dial("127.0.0.1", headless.port, timeout);
  if (local) return { socket: local, headless };
  headless.stop();
  return null;
}

/**
 * The "vnc" kind of remote session (contracts/remote-actions/tunnel.ts): a TCP connection to the device's VNC
 * server whose RFB stream is relayed both ways; agent/tunnel/sessions.ts does the framing, the
 * credit window and the idle timeout. Output goes out in pieces of at most one chunk and stops as
 * soon as the window fills (the socket is no longer read), so at most one chunk goes over it.
 * Nothing answering (and no headless desktop allowed or installed): TUNNEL_TEXT.vncUnavailable.
 */
export function vncProvider(options: VncOptions): TunnelProvider {
  return async (_open, channel) => {
    const reached = await reach(options);
    if (!reached) throw new TunnelRefused(TUNNEL_TEXT.vncUnavailable);
    const { socket, headless } = reached;
    socket.setNoDelay(true);
    // Not read until the session is open: the server's first bytes must follow tunnelOpened.
    socket.pause();
    let paused = false;
    let disposed = false;
    const pending: Uint8Array[] = [];
    const drain = () => {
      while (!paused && pending.length) {
        const next = pending.shift();
        if (next) channel.output(next);
      }
      if (!paused && !disposed && socket.isPaused()) socket.resume();
    };
    socket.on("data", (chunk: Buffer) => {
      for (let at = 0; at < chunk.byteLength; at += TUNNEL_CHUNK_BYTES) {
        pending.push(
          new Uint8Array(chunk.buffer, chunk.byteOffset + at, Math.min(TUNNEL_CHUNK_BYTES, chunk.byteLength - at)),
        );
      }
      socket.pause();
      drain();
    });
    socket.on("error", (e) => options.log?.(`vnc session ${channel.session}: ${e.message}`));
    socket.on("close", () => {
      if (!disposed) channel.end(TUNNEL_TEXT.closed);
    });
    setImmediate(drain);
    return {
      // Copied: the frame's buffer belongs to the room socket's message.
      write: (data) => void socket.write(Buffer.from(data)),
      pause: () => {
        paused = true;
        socket.pause();
      },
      resume: () => {
        paused = false;
        drain();
      },
      dispose: () => {
        disposed = true;
        pending.length = 0;
        socket.destroy();
        headless?.stop();
      },
    };
  };
}

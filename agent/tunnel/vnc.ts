import { connect, type Socket } from "node:net";
import {
  dataFrame,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_CREDIT_EVERY,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
  type TunnelOpen,
} from "../../contracts/tunnel.ts";
import { type HeadlessDesktop, headlessAvailable, startHeadlessDesktop } from "./headless-vnc.ts";

/** Control frames a tunnel sends to the room (contracts/tunnel.ts). */
export type TunnelReply =
  | { type: "tunnelOpened"; session: string }
  | { type: "tunnelCredit"; session: string; bytes: number }
  | { type: "tunnelClose"; session: string; reason: string };

/** What a tunnel needs from the agent's room socket. */
export type TunnelIo = {
  /** A JSON control frame to the room. */
  control: (message: TunnelReply) => void;
  /** A binary data frame ([16-byte session | payload]) to the room. */
  data: (frame: Uint8Array) => void;
  log?: (line: string) => void;
};

/** One open session, driven by what the room sends for it. */
export type TunnelHandle = {
  /** A data frame's payload from the browser. */
  write: (payload: Uint8Array) => void;
  /** The browser consumed this many more bytes. */
  credit: (bytes: number) => void;
  /** tunnelClose from the room (the browser closed, left, or the room ended it): no reply is sent. */
  close: (reason?: string) => void;
};

export type VncOptions = {
  /** The device's VNC server: 127.0.0.1:`port` (`--vnc-port`, default 5900). */
  port: number;
  host?: string;
  /**
   * `--allow-headless-vnc`: when nothing answers on `port` and Xvfb and x11vnc are installed,
   * start a virtual screen with a VNC server for this session (stopped when it ends).
   */
  allowHeadless?: boolean;
  /** Starts the headless desktop (tests pass a fake). */
  startHeadless?: () => Promise<HeadlessDesktop>;
  /** Whether Xvfb and x11vnc are installed (tests pass a fake). */
  headlessInstalled?: () => boolean;
  /** How long a TCP connect may take. */
  connectTimeoutMs?: number;
};

export const DEFAULT_VNC_PORT = 5900;

/** A TCP connection to host:port, or null when nothing answers. */
function dial(host: string, port: number, timeoutMs: number): Promise<Socket | null> {
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

/**
 * tunnelOpen kind "vnc": connects to the device's VNC server and relays the RFB stream both ways
 * under the credit flow control of contracts/tunnel.ts. Towards the browser at most
 * TUNNEL_WINDOW_BYTES are in flight uncredited, in chunks of at most TUNNEL_CHUNK_BYTES; while the
 * window is full the socket is paused (the VNC server then waits, not the room's memory). What the
 * browser sends is written to the socket and credited back once written. Nothing answering (and no
 * headless desktop allowed or installed) closes the session with TUNNEL_TEXT.vncUnavailable; the
 * server closing it, or `idle_ms` without a byte either way, closes it too.
 */
export function openVncTunnel(open: TunnelOpen, io: TunnelIo, options: VncOptions): TunnelHandle {
  const { session } = open;
  let socket: Socket | null = null;
  let headless: HeadlessDesktop | null = null;
  let ended = false;
  /** Bytes sent to the browser not yet credited back. */
  let inFlight = 0;
  /** Bytes read from the server waiting for window (at most one socket read). */
  let pending: Uint8Array[] = [];
  /** Bytes from the browser written to the server, not yet credited. */
  let written = 0;
  let creditTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  const idleMs = open.idle_ms;

  const touch = () => {
    if (!idleMs || ended) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => end(TUNNEL_TEXT.idle, true), idleMs);
  };

  const end = (reason: string, tell: boolean) => {
    if (ended) return;
    ended = true;
    if (idleTimer) clearTimeout(idleTimer);
    if (creditTimer) clearTimeout(creditTimer);
    pending = [];
    socket?.destroy();
    headless?.stop();
    if (tell) io.control({ type: "tunnelClose", session, reason });
    io.log?.(`vnc session ${session} closed: ${reason}`);
  };

  const flushCredit = () => {
    if (creditTimer) clearTimeout(creditTimer);
    creditTimer = null;
    if (ended || written === 0) return;
    io.control({ type: "tunnelCredit", session, bytes: written });
    written = 0;
  };

  /** Sends what the window allows; pauses the socket while anything waits. */
  const pump = () => {
    while (pending.length && !ended) {
      const next = pending[0];
      const room = TUNNEL_WINDOW_BYTES - inFlight;
      if (room <= 0) break;
      const size = Math.min(next.byteLength, TUNNEL_CHUNK_BYTES, room);
      const chunk = next.subarray(0, size);
      if (size === next.byteLength) pending.shift();
      else pending[0] = next.subarray(size);
      inFlight += size;
      io.data(dataFrame(session, chunk));
    }
    if (!socket || ended) return;
    if (pending.length) socket.pause();
    else if (socket.isPaused()) socket.resume();
  };

  const relay = (connected: Socket) => {
    socket = connected;
    connected.setNoDelay(true);
    connected.on("data", (chunk: Buffer) => {
      touch();
      pending.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      pump();
    });
    connected.on("error", (e) => io.log?.(`vnc session ${session}: ${e.message}`));
    connected.on("close", () => end(TUNNEL_TEXT.closed, true));
    io.control({ type: "tunnelOpened", session });
    touch();
  };

  const start = async () => {
    const host = options.host ?? "127.0.0.1";
    const timeout = options.connectTimeoutMs ?? 5000;
    let connected = await dial(host, options.port, timeout);
    if (!connected && options.allowHeadless && (options.headlessInstalled ?? headlessAvailable)()) {
      try {
        headless = await (options.startHeadless ?? (() => startHeadlessDesktop({ log: io.log })))();
        if (ended) headless.stop();
        else connected = await dial("127.0.0.1", headless.port, timeout);
      } catch (error) {
        io.log?.(`headless VNC failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (ended) {
      connected?.destroy();
      return;
    }
    if (!connected) return end(TUNNEL_TEXT.vncUnavailable, true);
    relay(connected);
  };
  void start();

  return {
    write: (payload) => {
      if (ended || !socket) return;
      touch();
      const bytes = payload.byteLength;
      // Copied: the frame's buffer belongs to the socket's message.
      socket.write(Buffer.from(payload), () => {
        written += bytes;
        if (written >= TUNNEL_CREDIT_EVERY) flushCredit();
        else creditTimer ??= setTimeout(flushCredit, 20);
      });
    },
    credit: (bytes) => {
      if (ended) return;
      inFlight = Math.max(0, inFlight - bytes);
      pump();
    },
    close: (reason) => end(reason ?? TUNNEL_TEXT.closed, false),
  };
}

import type { ServerMessage } from "@contracts/realtime/events";
import type PartySocket from "partysocket";

/**
 * Remote sessions (terminal, remote desktop) ride on the device room socket the flyout already
 * keeps (useDeviceRoom): this registry lends that socket, per device, to the session views, and
 * hands them the room's tunnel frames and binary data frames.
 */

export type TunnelMessage = Extract<
  ServerMessage,
  { type: "tunnelOpened" | "tunnelCredit" | "tunnelClosed" | "tunnelConsent" | "tunnelRecorded" }
>;

export type TunnelListener = {
  message?(message: TunnelMessage): void;
  /** A binary data frame: [session id | payload]. */
  frame?(frame: Uint8Array): void;
  /** The socket opened (again): a session can start. */
  opened?(): void;
  /** The socket dropped: every session on it has ended. */
  lost?(): void;
};

export type TunnelPort = {
  /** Whether the socket is open now. */
  readonly open: boolean;
  json(message: object): void;
  frame(data: Uint8Array): void;
  /** Listens to the device's tunnel traffic; returns the unsubscribe. */
  listen(listener: TunnelListener): () => void;
};

type Room = { socket: PartySocket; listeners: Set<TunnelListener> };

const rooms = new Map<string, Room>();
const waiting = new Map<string, Set<() => void>>();

const isTunnel = (message: ServerMessage): message is TunnelMessage =>
  message.type === "tunnelOpened" ||
  message.type === "tunnelCredit" ||
  message.type === "tunnelClosed" ||
  // The consent prompt's steps and "this session is recorded".
  message.type === "tunnelConsent" ||
  message.type === "tunnelRecorded";

/** useDeviceRoom: the device's socket is open for tunnels until the returned detach runs. */
export function attachTunnels(device: string, socket: PartySocket): () => void {
  const room: Room = { socket, listeners: new Set() };
  rooms.set(device, room);
  const onOpen = () => {
    for (const l of room.listeners) l.opened?.();
  };
  const onClose = () => {
    for (const l of room.listeners) l.lost?.();
  };
  socket.addEventListener("open", onOpen);
  socket.addEventListener("close", onClose);
  for (const notify of waiting.get(device) ?? []) notify();
  return () => {
    socket.removeEventListener("open", onOpen);
    socket.removeEventListener("close", onClose);
    for (const l of room.listeners) l.lost?.();
    if (rooms.get(device) === room) rooms.delete(device);
  };
}

/** useDeviceRoom: a frame of the device's room; tunnel frames reach the session views. */
export function deliverTunnelMessage(device: string, message: ServerMessage) {
  if (!isTunnel(message)) return;
  for (const l of rooms.get(device)?.listeners ?? []) l.message?.(message);
}

export function deliverTunnelFrame(device: string, data: ArrayBuffer) {
  const frame = new Uint8Array(data);
  for (const l of rooms.get(device)?.listeners ?? []) l.frame?.(frame);
}

/** The device's tunnel port while its room socket is attached, else null. */
export function tunnelPort(device: string): TunnelPort | null {
  const room = rooms.get(device);
  if (!room) return null;
  const { socket, listeners } = room;
  return {
    get open() {
      return socket.readyState === WebSocket.OPEN;
    },
    json: (message) => socket.send(JSON.stringify(message)),
    frame: (data) => socket.send(data as Uint8Array<ArrayBuffer>),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Calls `notify` when a socket is attached for the device (the room hook runs after the view's). */
export function onTunnelsAttached(device: string, notify: () => void): () => void {
  const set = waiting.get(device) ?? new Set();
  set.add(notify);
  waiting.set(device, set);
  return () => {
    set.delete(notify);
    if (set.size === 0) waiting.delete(device);
  };
}

/**
 * What the DeviceRoom's remote-session parts share: the browser's tunnel messages and what the relay
 * needs from its room. Its own module, so the relay (device-tunnels.ts) and the opening of a session
 * (tunnel-opening.ts), which the relay uses, import it without importing each other.
 */
import type { Connection } from "partyserver";
import type { ClientMessage, ServerMessage } from "../../contracts/realtime/events.ts";
import type { Env } from "../env.ts";

export type TunnelMessage = Extract<
  ClientMessage,
  { type: "tunnelOpen" | "tunnelOpened" | "tunnelResize" | "tunnelCredit" | "tunnelClose" }
>;

export const isTunnelMessage = (message: ClientMessage): message is TunnelMessage => message.type.startsWith("tunnel");

/** What the relay needs from its DeviceRoom. */
export type TunnelHost = {
  env(): Env;
  device(): string;
  sql(): SqlStorage;
  /** The device's current agent socket, if one is open and the device is online. */
  agent(): Connection | undefined;
  connection(id: string): Connection | undefined;
  send(connection: Connection, message: ServerMessage): boolean;
  waitUntil(work: Promise<unknown>): void;
  /** Injected clock (tests): decides "prompt only during working hours". */
  now?(): Date;
};

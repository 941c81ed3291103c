/**
 * What a tunnel provider (terminal, VNC, the simulator's shell) and the session layer say to each
 * other, apart from either: providers import these without pulling in the session table.
 */
import type { TunnelKind, TunnelOpen } from "../../contracts/remote-actions/tunnel.ts";

/** What a provider's session sends towards the browser. */
export type TunnelChannel = {
  readonly session: string;
  /** Bytes for the browser: split into frames; the provider is paused while the window is full. */
  output(data: Uint8Array): void;
  /** The session ended on the device's side (the shell exited, the VNC server hung up): why. */
  end(reason: string): void;
};

/** One running session of a provider. */
export type TunnelHandle = {
  /** Bytes from the browser (already in order). */
  write(data: Uint8Array): void;
  resize?(cols: number, rows: number): void;
  /** Stop producing output until resume (the browser has not credited its window). */
  pause(): void;
  resume(): void;
  /** Ends the session (kill the shell, close the socket); no message is sent. */
  dispose(): void;
};

/** Starts a session of one kind; throws (TunnelRefused for a reason to show) when it cannot. */
export type TunnelProvider = (open: TunnelOpen, channel: TunnelChannel) => Promise<TunnelHandle> | TunnelHandle;

/** The providers of the kinds this agent serves (agent/tunnel/providers.ts builds them). */
export type TunnelProviders = Partial<Record<TunnelKind, TunnelProvider>>;

/** A refusal whose message is shown to the operator as it is (a TUNNEL_TEXT). */
export class TunnelRefused extends Error {}

export type TunnelOutbox = {
  /** A control frame (tunnelOpened, tunnelCredit, tunnelClose). */
  json(message: object): void;
  /** A binary data frame. */
  frame(data: Uint8Array): void;
};

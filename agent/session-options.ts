// What an agent session is told and speaks through: its options, the machine, the socket, and the protocol's limits.
import type { AgentInventory } from "../contracts/installation/schema.ts";
import {
  AGENT_PING_MS,
  AGENT_SILENCE_MS,
  type AgentSettings,
  CloseCode,
  type Command,
  type Telemetry,
} from "../contracts/realtime/events.ts";
import type { Prompter } from "./consent/prompt.ts";
import type { CommandJournal } from "./journal.ts";
import type { TunnelProviders } from "./tunnel/sessions.ts";

export const AGENT_VERSION = "0.1.0";
export const TELEMETRY_INTERVAL_MS = 60_000;
/**
 * The agent pings its room this often with AGENT_PING, which the runtime answers (AGENT_PONG)
 * without waking the room: the room reads when it last answered, and the agent hears the room.
 */
export const PING_INTERVAL_MS = AGENT_PING_MS;
/** No frame at all from the room for this long: the socket is taken for dead (half-open) and replaced. */
export const SILENCE_MS = AGENT_SILENCE_MS;
/** Close code of a socket the room closed because a newer connection of the same device replaced it. */
export const REPLACED_CLOSE_CODE = CloseCode.replaced;

/**
 * How many queued commands this agent takes at once (told to the room in hello): it acks them on
 * arrival and runs them one after another in queue order, so a device coming back to a long queue
 * does not wait a round trip per command.
 */
export const QUEUE_WINDOW = 8;

/** Replies kept while no socket is open: at most this many frames and bytes (the oldest go first). */
export const OUTBOX_MAX_FRAMES = 1000;
export const OUTBOX_MAX_BYTES = 32 * 1024 * 1024;

/** WebSocket.OPEN. */
export const OPEN = 1;

export type CommandReply = { ok: true; result?: Record<string, unknown> } | { ok: false; error: string };
export type Executor = (command: Command) => Promise<CommandReply>;

/** What a session needs from the machine it speaks for (a real one or a simulated one). */
export type Machine = {
  /** `settings`: what the agent keeps of the console's settings, reported on hello. */
  inventory: () => Promise<{ machine_id?: string | null; inventory: AgentInventory; settings?: AgentSettings }>;
  telemetry: () => Promise<Telemetry>;
  execute: Executor;
};

/** The part of a WebSocket a session uses (Node's own, or a test's fake). */
export interface AgentSocket {
  readonly readyState: number;
  /** Set to "arraybuffer": remote sessions' data frames arrive as ArrayBuffers. */
  binaryType?: string;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number; reason: string }) => void): void;
}
export type Connect = (url: string, headers: Record<string, string>) => AgentSocket;

export type SessionOptions = {
  /** The device room's ws(s) URL (agent/config.ts roomUrl). */
  url: string;
  /** The device credential, sent as `Authorization: Bearer …` on the upgrade. */
  credential: string;
  machine: Machine;
  /** Command ids taken on and their answers (agent/journal.ts); in memory when absent. */
  journal?: CommandJournal;
  log?: (line: string) => void;
  heartbeatMs?: number;
  telemetryMs?: number;
  pingMs?: number;
  silenceMs?: number;
  /** How long an attempt may wait for its hello's answer (ms); HELLO_TIMEOUT_MS by default. */
  helloTimeoutMs?: number;
  /** Reconnect backoff: base doubles per failed attempt up to max, with jitter. */
  backoff?: { baseMs: number; maxMs: number };
  /** Opens the socket (tests pass a fake); Node's WebSocket by default. */
  connect?: Connect;
  /** Remote sessions (agent/tunnel/): the providers of the kinds this agent serves; none when absent. */
  tunnels?: TunnelProviders;
  /** Idle timeout of remote sessions (ms, `--terminal-idle-minutes`); the room's idle_ms may be shorter. */
  tunnelIdleMs?: number;
  /** The consent prompt and session banner on the device's screen (agent/consent/). */
  prompter?: Prompter;
  /** The space's settings for this agent, from the hello's answer and live on change (agentConfig). */
  onConfig?: (config: { capture_interval_s: number }) => void;
};

/** Node's WebSocket (undici), which takes headers in its init object where browsers' does not. */
export const nodeConnect: Connect = (url, headers) =>
  new WebSocket(url, { headers } as unknown as string[]) as unknown as AgentSocket;

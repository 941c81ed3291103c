import { z } from "zod";
import type { AgentInventory } from "../contracts/installation.ts";
import { HEARTBEAT_INTERVAL_MS } from "../contracts/presence.ts";
import { type Command, ServerMessage, type Telemetry } from "../contracts/realtime.ts";

export const AGENT_VERSION = "0.1.0";
export const TELEMETRY_INTERVAL_MS = 60_000;

/** The least a command frame carries, to answer one that does not parse. */
const UnreadableCommand = z.object({
  type: z.literal("command"),
  id: z.string().min(1).max(128),
  action: z.string().optional().catch(undefined),
});

export type CommandReply = { ok: true; result?: Record<string, unknown> } | { ok: false; error: string };
export type Executor = (command: Command) => Promise<CommandReply>;

/** What a session needs from the machine it speaks for (a real one or a simulated one). */
export type Machine = {
  inventory: () => Promise<{ machine_id?: string | null; inventory: AgentInventory }>;
  telemetry: () => Promise<Telemetry>;
  execute: Executor;
};

export type SessionOptions = {
  /** The device room's ws(s) URL (agent/config.ts roomUrl). */
  url: string;
  /** The device credential, sent as `Authorization: Bearer …` on the upgrade. */
  credential: string;
  machine: Machine;
  log?: (line: string) => void;
  heartbeatMs?: number;
  telemetryMs?: number;
  /** Reconnect backoff: base doubles per failed attempt up to max, with jitter. */
  backoff?: { baseMs: number; maxMs: number };
};

/**
 * One agent connection to its DeviceRoom: hello on open, heartbeats every 30 s, telemetry every
 * 60 s, commands acked at once and answered through the machine's executor; reconnects with
 * exponential backoff. The real agent and the simulator both run this.
 */
export class AgentSession {
  private ws: WebSocket | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];
  private attempts = 0;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private readonly running = new Set<string>();
  connected = false;

  private readonly opts: SessionOptions;

  constructor(opts: SessionOptions) {
    this.opts = opts;
  }

  start() {
    this.stopped = false;
    this.open();
    return this;
  }

  /** Closes the socket; no reconnect. */
  stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.clearTimers();
    this.ws?.close(1000, "agent stopping");
    this.ws = null;
  }

  /** Sends a telemetry report now (also what a telemetry refresh does). */
  async reportTelemetry() {
    this.send({ type: "telemetry", telemetry: await this.opts.machine.telemetry() });
  }

  private log(line: string) {
    this.opts.log?.(line);
  }

  private send(message: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private open() {
    // Node's WebSocket (undici) takes headers in its init object, which browsers' does not.
    const init = { headers: { Authorization: `Bearer ${this.opts.credential}` } };
    const ws = new WebSocket(this.opts.url, init as unknown as string[]);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempts = 0;
      this.connected = true;
      this.log("connected");
      void this.onOpen().catch((e: unknown) => this.log(`hello failed: ${String(e)}`));
    });
    ws.addEventListener("message", (event) => {
      void this.onMessage(String(event.data)).catch((e: unknown) => this.log(`message failed: ${String(e)}`));
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.connected = false;
      this.clearTimers();
      if (this.stopped) return;
      const { baseMs, maxMs } = this.opts.backoff ?? { baseMs: 1000, maxMs: 60_000 };
      const delay = Math.min(maxMs, baseMs * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
      this.attempts++;
      this.log(`disconnected (${event.code}); reconnecting in ${Math.round(delay / 1000)} s`);
      this.retry = setTimeout(() => this.open(), delay);
    });
    ws.addEventListener("error", () => {
      // close follows; the reconnect happens there.
    });
  }

  private async onOpen() {
    const { machine_id, inventory } = await this.opts.machine.inventory();
    this.send({ type: "hello", agent_version: AGENT_VERSION, machine_id, inventory });
    await this.reportTelemetry();
    this.timers.push(
      setInterval(
        () => this.send({ type: "heartbeat", at: Date.now() }),
        this.opts.heartbeatMs ?? HEARTBEAT_INTERVAL_MS,
      ),
      setInterval(
        () => void this.reportTelemetry().catch((e: unknown) => this.log(`telemetry failed: ${String(e)}`)),
        this.opts.telemetryMs ?? TELEMETRY_INTERVAL_MS,
      ),
    );
  }

  private async onMessage(raw: string) {
    const data: unknown = JSON.parse(raw);
    const parsed = ServerMessage.safeParse(data);
    if (!parsed.success) return this.refuse(data);
    const message = parsed.data;
    if (message.type === "error") this.log(`room says: ${message.message}`);
    if (message.type !== "command") return;
    this.send({ type: "commandAck", id: message.id });
    if (this.running.has(message.id)) return;
    this.running.add(message.id);
    this.log(`command ${message.action} (${message.id})`);
    let reply: CommandReply;
    try {
      if (message.action === "telemetry-refresh") {
        await this.reportTelemetry();
        reply = { ok: true };
      } else {
        reply = await this.opts.machine.execute(message);
      }
    } catch (error) {
      reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
    } finally {
      this.running.delete(message.id);
    }
    this.send({ type: "commandResult", id: message.id, ...reply });
  }

  /**
   * A command this agent cannot read (an action it does not know, a malformed frame) is answered
   * with a failure saying so, rather than left to time out.
   */
  private refuse(data: unknown) {
    const frame = UnreadableCommand.safeParse(data);
    if (!frame.success) return;
    const what = frame.data.action ? `"${frame.data.action.slice(0, 64)}"` : "without an action";
    this.log(`unreadable command ${what} (${frame.data.id})`);
    this.send({
      type: "commandResult",
      id: frame.data.id,
      ok: false,
      error: `This agent (${AGENT_VERSION}) cannot run the command ${what}.`,
    });
  }

  private clearTimers() {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }
}

// The agent's connection to its DeviceRoom: hello, keepalive, telemetry and reconnects (commands and replies in their own modules).

import { AGENT_ATTEMPT_HEADER } from "../contracts/access/principal.ts";
import {
  AGENT_STOPPING_REASON,
  HEARTBEAT_INTERVAL_MS,
  retryAfterOf,
  retryLaterDelayMs,
} from "../contracts/devices/presence.ts";
import { AGENT_PING, CloseCode, ServerMessage } from "../contracts/realtime/events.ts";
import { MemoryJournal } from "./journal.ts";
import { CommandTaker, type Reply, RoomClock } from "./session-commands.ts";
import { reconnectDelayMs, watchLiveness } from "./session-liveness.ts";
import {
  AGENT_VERSION,
  type AgentSocket,
  nodeConnect,
  OPEN,
  PING_INTERVAL_MS,
  QUEUE_WINDOW,
  REPLACED_CLOSE_CODE,
  type SessionOptions,
  TELEMETRY_INTERVAL_MS,
} from "./session-options.ts";
import { Outbox } from "./session-outbox.ts";
import { TunnelSessions } from "./tunnel/sessions.ts";

export { AT_MOST_ONCE, EXPIRED_MESSAGE, INTERRUPTED_MESSAGE } from "./session-commands.ts";
export * from "./session-options.ts";

/**
 * One agent connection to its DeviceRoom: hello on open, heartbeats and telemetry every 60 s,
 * pings every 10 s; commands journaled, acked and answered through the machine's executor;
 * reconnects with exponential backoff, also when the room has been silent for 25 s (a half-open
 * socket). The real agent and the simulator both run this.
 *
 * Commands are at-least-once on the wire and at most once here: an id is written to the
 * journal before it is acked and acted on, and a re-delivered id is answered from the journal. An
 * ack or result that cannot be sent waits in the outbox and goes right after the next hello.
 */
export class AgentSession {
  private ws: AgentSocket | null = null;
  /** The hello went out on `ws`: replies may follow it. */
  private ready = false;
  private timers: ReturnType<typeof setInterval>[] = [];
  private attempts = 0;
  /** The number of the latest connection attempt (contracts/access/principal.ts AGENT_ATTEMPT_HEADER). */
  private attempt = 0;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private heardAt = 0;
  /** When the current attempt started (local ms): its hello must be answered within HELLO_TIMEOUT_MS. */
  private attemptAt = 0;
  /** The room answered this socket's hello (helloAck): from then on the silence rule counts. */
  private answered = false;
  /** The room's clock, read from pongs: deadlines are the room's times. */
  private readonly clock = new RoomClock();
  private readonly outbox: Outbox;
  private readonly commands: CommandTaker;
  /** Remote sessions (terminal, VNC) running on the current socket. */
  private readonly tunnels: TunnelSessions;
  connected = false;

  private readonly opts: SessionOptions;

  constructor(opts: SessionOptions) {
    this.opts = opts;
    this.outbox = new Outbox((line) => this.log(line));
    this.commands = new CommandTaker({
      journal: opts.journal ?? new MemoryJournal(),
      clock: this.clock,
      execute: (command) => opts.machine.execute(command),
      reportTelemetry: () => this.reportTelemetry(),
      reply: (message) => this.reply(message),
      log: (line) => this.log(line),
    });
    this.tunnels = new TunnelSessions({
      providers: opts.tunnels ?? {},
      idleMs: opts.tunnelIdleMs,
      prompter: opts.prompter,
      log: (line) => this.log(line),
      send: {
        json: (message) => this.send(message),
        frame: (data) => {
          if (this.ws?.readyState === OPEN) this.ws.send(data);
        },
      },
    });
  }

  start() {
    this.stopped = false;
    if (!this.ws && !this.retry) this.open();
    return this;
  }

  /** Closes the socket; no reconnect. The outbox is kept for a later start. */
  stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    this.ready = false;
    this.connected = false;
    this.tunnels.closeAll();
    ws?.close(1000, AGENT_STOPPING_REASON);
  }

  /** Sends a telemetry report now (also what a telemetry refresh does). */
  async reportTelemetry() {
    this.send({ type: "telemetry", telemetry: await this.opts.machine.telemetry() });
  }

  /**
   * Sends a display's periodic capture (contracts/display-health/schema.ts) if connected. Not kept in
   * the outbox: a capture missed while offline is replaced by the next one.
   */
  reportCapture(message: { type: "displayCapture" }) {
    this.send(message);
  }

  /** Acks and results waiting for a socket (for tests and logs). */
  get pendingReplies() {
    return this.outbox.size;
  }

  private log(line: string) {
    this.opts.log?.(line);
  }

  /** A frame that is only worth sending now (hello, heartbeat, ping, telemetry). */
  private send(message: object) {
    if (this.ws?.readyState === OPEN) this.ws.send(JSON.stringify(message));
  }

  /** An ack or result: sent after this socket's hello, else kept in the outbox. */
  private reply(message: Reply) {
    const frame = JSON.stringify(message);
    if (this.ready && this.ws?.readyState === OPEN) {
      this.ws.send(frame);
      return;
    }
    this.outbox.keep(frame);
  }

  private flushOutbox() {
    for (const frame of this.outbox.drain()) this.ws?.send(frame);
  }

  private open() {
    this.retry = null;
    this.attempt = Math.max(Date.now(), this.attempt + 1);
    const ws = (this.opts.connect ?? nodeConnect)(this.opts.url, {
      Authorization: `Bearer ${this.opts.credential}`,
      [AGENT_ATTEMPT_HEADER]: String(this.attempt),
    });
    this.ws = ws;
    this.ready = false;
    this.answered = false;
    this.heardAt = Date.now();
    this.attemptAt = this.heardAt;
    ws.binaryType = "arraybuffer";
    this.timers.push(
      watchLiveness(
        this.opts,
        () => ({ answered: this.answered, heardAt: this.heardAt, attemptAt: this.attemptAt }),
        (reason) => this.lost(ws, reason),
      ),
    );
    ws.addEventListener("open", () => {
      if (this.ws !== ws) return;
      this.attempts = 0;
      this.connected = true;
      this.heardAt = Date.now();
      this.log("connected");
      void this.onOpen(ws).catch((e: unknown) => this.log(`hello failed: ${String(e)}`));
    });
    ws.addEventListener("message", (event) => {
      if (this.ws === ws) this.heardAt = Date.now();
      if (event.data instanceof ArrayBuffer) {
        // A remote session's data frame; only the current socket's sessions exist.
        if (this.ws === ws) this.tunnels.data(new Uint8Array(event.data));
        return;
      }
      // A command that arrived on a socket given up since is still taken: its answer goes to the current one.
      void this.onMessage(String(event.data)).catch((e: unknown) => this.log(`message failed: ${String(e)}`));
    });
    ws.addEventListener("close", (event) => {
      // Turned away by the server's admission (contracts/devices/presence.ts): come back when it said, with jitter.
      const retryAfter = event.code === CloseCode.retryLater ? retryAfterOf(event.reason) : null;
      if (retryAfter !== null) {
        this.lost(ws, `server busy (retry-after ${retryAfter} s)`, retryLaterDelayMs(retryAfter, Math.random()));
        return;
      }
      const why = event.code === REPLACED_CLOSE_CODE ? "replaced by a newer connection" : `code ${event.code}`;
      this.lost(ws, `disconnected (${why})`);
    });
    ws.addEventListener("error", () => {
      // close follows; the reconnect happens there.
    });
  }

  /**
   * `ws` is gone (closed, or silent too long): forget it, close it if it is not closed yet, and
   * reconnect after the backoff. Only the current socket counts, so there is never a second one.
   */
  private lost(ws: AgentSocket, reason: string, retryAfterMs?: number) {
    if (this.ws !== ws) return;
    this.ws = null;
    this.ready = false;
    this.connected = false;
    this.clearTimers();
    this.tunnels.closeAll();
    try {
      ws.close(1000, reason.slice(0, 100));
    } catch {
      // Already closed.
    }
    if (this.stopped) return;
    // A retry-after does not advance the backoff.
    const delay = reconnectDelayMs(this.opts.backoff, this.attempts, retryAfterMs);
    if (retryAfterMs === undefined) this.attempts++;
    this.log(`${reason}; reconnecting in ${Math.round(delay / 1000)} s`);
    this.retry = setTimeout(() => this.open(), delay);
  }

  private async onOpen(ws: AgentSocket) {
    // Keepalive from the start: a slow inventory or telemetry read (systeminformation on a busy
    // machine) must not leave the socket silent for the room's 25 s rule, or the agent's own.
    this.timers.push(
      setInterval(() => this.ping(), this.opts.pingMs ?? PING_INTERVAL_MS),
      setInterval(() => this.heartbeat(), this.opts.heartbeatMs ?? HEARTBEAT_INTERVAL_MS),
    );
    const { machine_id, inventory, settings } = await this.opts.machine.inventory();
    if (this.ws !== ws || ws.readyState !== OPEN) return;
    this.send({
      type: "hello",
      agent_version: AGENT_VERSION,
      machine_id,
      inventory,
      ...(settings ? { settings } : {}),
      queue_window: QUEUE_WINDOW,
    });
    this.ready = true;
    this.flushOutbox();
    this.ping();
    // Answered with the room's clock at once (a room that auto-answers pings has no other way).
    this.heartbeat();
    await this.reportTelemetry();
    if (this.ws !== ws) return;
    this.timers.push(
      setInterval(
        () => void this.reportTelemetry().catch((e: unknown) => this.log(`telemetry failed: ${String(e)}`)),
        this.opts.telemetryMs ?? TELEMETRY_INTERVAL_MS,
      ),
    );
  }

  private async onMessage(raw: string) {
    const data: unknown = JSON.parse(raw);
    const parsed = ServerMessage.safeParse(data);
    if (!parsed.success) return this.commands.refuse(data);
    const message = parsed.data;
    if (message.type === "error") this.log(`room says: ${message.message}`);
    if (message.type === "helloAck") this.answered = true;
    if ((message.type === "helloAck" || message.type === "agentConfig") && message.capture_interval_s !== undefined)
      this.opts.onConfig?.({ capture_interval_s: message.capture_interval_s });
    // The runtime's pong carries no clock: it only proves the room is there.
    if (message.type === "pong" && message.at !== undefined) this.clock.read(message.at);
    if (message.type === "command") await this.commands.take(message);
    this.tunnels.message(message);
  }

  /** The fixed frame the runtime answers for the room (an older room answers it itself, with its clock). */
  private ping() {
    if (this.ws?.readyState !== OPEN) return;
    this.clock.sent(Date.now());
    this.ws.send(AGENT_PING);
  }

  /** A heartbeat: the room answers it with a pong carrying its clock. */
  private heartbeat() {
    if (this.ws?.readyState !== OPEN) return;
    const at = Date.now();
    this.clock.sent(at);
    this.send({ type: "heartbeat", at });
  }

  private clearTimers() {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }
}

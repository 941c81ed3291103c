import { z } from "zod";
import type { CommandAction } from "../contracts/command-action.ts";
import type { AgentInventory } from "../contracts/installation.ts";
import {
  AGENT_STOPPING_REASON,
  HEARTBEAT_INTERVAL_MS,
  HELLO_TIMEOUT_MS,
  retryAfterOf,
  retryLaterDelayMs,
} from "../contracts/presence.ts";
import { AGENT_ATTEMPT_HEADER } from "../contracts/principal.ts";
import {
  AGENT_PING,
  AGENT_PING_MS,
  AGENT_SILENCE_MS,
  type AgentSettings,
  CloseCode,
  type Command,
  type CommandResult,
  ServerMessage,
  type Telemetry,
} from "../contracts/realtime.ts";
import type { Prompter } from "./consent/prompt.ts";
import { type CommandJournal, type JournalResult, MemoryJournal } from "./journal.ts";
import { type TunnelProviders, TunnelSessions } from "./tunnel/sessions.ts";

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

/** Power actions run at most once: one started before a restart is taken as done, never run again. */
export const AT_MOST_ONCE: ReadonlySet<CommandAction> = new Set<CommandAction>(["instant-reboot", "instant-power-off"]);
/** The answer to a re-delivered command the agent started but never finished (it restarted meanwhile). */
export const INTERRUPTED_MESSAGE = "interrupted: the agent restarted while running this command";
/** The answer to a command that arrived after its deadline: it did not run. */
export const EXPIRED_MESSAGE = "expired";
/**
 * How many queued commands this agent takes at once (told to the room in hello): it acks them on
 * arrival and runs them one after another in queue order, so a device coming back to a long queue
 * does not wait a round trip per command.
 */
export const QUEUE_WINDOW = 8;

/** Replies kept while no socket is open: at most this many frames and bytes (the oldest go first). */
export const OUTBOX_MAX_FRAMES = 1000;
export const OUTBOX_MAX_BYTES = 32 * 1024 * 1024;

const OPEN = 1;

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

/** Node's WebSocket (undici), which takes headers in its init object where browsers' does not. */
const nodeConnect: Connect = (url, headers) =>
  new WebSocket(url, { headers } as unknown as string[]) as unknown as AgentSocket;

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

type Reply = { type: "commandAck"; id: string } | CommandResult;

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
  /** The number of the latest connection attempt (contracts/principal.ts AGENT_ATTEMPT_HEADER). */
  private attempt = 0;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private heardAt = 0;
  /** When the current attempt started (local ms): its hello must be answered within HELLO_TIMEOUT_MS. */
  private attemptAt = 0;
  /** The room answered this socket's hello (helloAck): from then on the silence rule counts. */
  private answered = false;
  /**
   * When the last ping or heartbeat went out (local ms), to read the room's clock from the pong
   * that carries it (a heartbeat's; an older room's answer to a ping).
   */
  private pingSentAt: number | null = null;
  /** The room's clock minus this machine's (ms), from the last pong: deadlines are the room's times. */
  private clockOffset = 0;
  private clockKnown = false;
  /** Commands running in this process, by id. */
  private readonly running = new Set<string>();
  /** Queued (`ordered`) commands acked and waiting for their turn, by id; they run one at a time. */
  private readonly waitingTurn = new Set<string>();
  /** The end of the ordered run: each ordered command starts after the one before it has answered. */
  private orderedTail: Promise<void> = Promise.resolve();
  private outbox: { frame: string; bytes: number }[] = [];
  private outboxBytes = 0;
  private readonly journal: CommandJournal;
  /** Remote sessions (terminal, VNC) running on the current socket. */
  private readonly tunnels: TunnelSessions;
  connected = false;

  private readonly opts: SessionOptions;

  constructor(opts: SessionOptions) {
    this.opts = opts;
    this.journal = opts.journal ?? new MemoryJournal();
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
   * Sends a display's periodic capture (contracts/display-health.ts) if connected. Not kept in
   * the outbox: a capture missed while offline is replaced by the next one.
   */
  reportCapture(message: { type: "displayCapture" }) {
    this.send(message);
  }

  /** Acks and results waiting for a socket (for tests and logs). */
  get pendingReplies() {
    return this.outbox.length;
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
    this.outbox.push({ frame, bytes: frame.length });
    this.outboxBytes += frame.length;
    while (this.outbox.length > OUTBOX_MAX_FRAMES || this.outboxBytes > OUTBOX_MAX_BYTES) {
      const dropped = this.outbox.shift();
      if (!dropped) break;
      this.outboxBytes -= dropped.bytes;
      // Its command is in the journal: the room asks again on hello and gets the stored answer.
      this.log("outbox full: an unsent reply was dropped");
    }
  }

  private flushOutbox() {
    const frames = this.outbox;
    this.outbox = [];
    this.outboxBytes = 0;
    for (const { frame } of frames) this.ws?.send(frame);
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
    // The silence rule counts once the room has answered the hello. Before that (the upgrade and
    // the hello of a connect that queues behind a whole fleet's), the attempt has HELLO_TIMEOUT_MS:
    // giving up a slow connect at 25 s and trying again while the server still works on the
    // abandoned one is what turned a reconnect wave into a storm (docs/scale.md).
    const silenceMs = this.opts.silenceMs ?? SILENCE_MS;
    const helloMs = this.opts.helloTimeoutMs ?? HELLO_TIMEOUT_MS;
    this.timers.push(
      setInterval(
        () => {
          const now = Date.now();
          if (this.answered && now - this.heardAt >= silenceMs)
            this.lost(ws, `no frame from the room for ${silenceMs / 1000} s`);
          else if (!this.answered && now - this.attemptAt >= helloMs)
            this.lost(ws, `hello not answered within ${helloMs / 1000} s`);
        },
        Math.min(1000, silenceMs / 5),
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
      // Turned away by the server's admission (contracts/presence.ts): come back when it said, with jitter.
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
    const { baseMs, maxMs } = this.opts.backoff ?? { baseMs: 1000, maxMs: 60_000 };
    // A retry-after is the server's own schedule: it replaces the backoff (which is not advanced).
    const delay = retryAfterMs ?? Math.min(maxMs, baseMs * 2 ** this.attempts) * (0.75 + Math.random() * 0.5);
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
    if (!parsed.success) return this.refuse(data);
    const message = parsed.data;
    if (message.type === "error") this.log(`room says: ${message.message}`);
    if (message.type === "helloAck") this.answered = true;
    if ((message.type === "helloAck" || message.type === "agentConfig") && message.capture_interval_s !== undefined)
      this.opts.onConfig?.({ capture_interval_s: message.capture_interval_s });
    // The runtime's pong carries no clock: it only proves the room is there.
    if (message.type === "pong" && message.at !== undefined) this.readClock(message.at);
    if (message.type === "command") await this.onCommand(message);
    this.tunnels.message(message);
  }

  /** The fixed frame the runtime answers for the room (an older room answers it itself, with its clock). */
  private ping() {
    if (this.ws?.readyState !== OPEN) return;
    this.pingSentAt = Date.now();
    this.ws.send(AGENT_PING);
  }

  /** A heartbeat: the room answers it with a pong carrying its clock. */
  private heartbeat() {
    if (this.ws?.readyState !== OPEN) return;
    this.pingSentAt = Date.now();
    this.send({ type: "heartbeat", at: this.pingSentAt });
  }

  /**
   * A pong carries the room's time: the offset of this machine's clock from it (a kiosk without
   * network time may be minutes off) is what deadlines, which are the room's times, are read with.
   */
  private readClock(roomNow: number) {
    if (this.pingSentAt === null) return;
    const now = Date.now();
    if (now - this.pingSentAt <= 5000) {
      this.clockOffset = roomNow - (this.pingSentAt + now) / 2;
      this.clockKnown = true;
    }
    this.pingSentAt = null;
  }

  /**
   * Whether a command arrived too late to start: by its `deadline` in the room's time through
   * the clock offset the pongs measured; before the first pong (re-deliveries right after hello)
   * by its `ttl_ms`, the time left when the room wrote it, which needs no clock at all.
   */
  private pastDeadline(command: Command) {
    if (command.ttl_ms !== undefined && command.ttl_ms <= 0) return true;
    if (command.deadline === undefined) return false;
    if (!this.clockKnown && command.ttl_ms !== undefined) return false;
    return Date.now() + this.clockOffset > command.deadline;
  }

  /**
   * A command: answered from the journal when its id is known, refused when its deadline passed,
   * else journaled, acked, run and answered. The checks and the journal write happen before the
   * first await, so two deliveries of one id cannot both run it.
   */
  private async onCommand(command: Command) {
    const { id, action } = command;
    if (this.running.has(id) || this.waitingTurn.has(id)) {
      // Re-delivered on a new socket while it runs here: the answer goes out when it finishes.
      this.reply({ type: "commandAck", id });
      return;
    }
    const known = this.journal.get(id);
    if (known && known.action !== action) {
      // Ids are unique per device; one reused for another action is refused, not run.
      this.reply({ type: "commandResult", id, ok: false, error: `The command id ${id} was used for ${known.action}.` });
      return;
    }
    if (known?.result) {
      this.reply({ type: "commandAck", id });
      this.reply({ type: "commandResult", id, ...known.result });
      return;
    }
    if (known) {
      const answer: JournalResult = AT_MOST_ONCE.has(known.action)
        ? { ok: true, result: {} }
        : { ok: false, error: INTERRUPTED_MESSAGE };
      this.record(id, known.action, answer);
      this.reply({ type: "commandAck", id });
      this.reply({ type: "commandResult", id, ...answer });
      return;
    }
    if (this.pastDeadline(command)) {
      // Kept too, so this id never runs later, whatever deadline a later delivery carries.
      const answer: JournalResult = { ok: false, error: EXPIRED_MESSAGE, expired: true };
      this.record(id, action, answer);
      this.log(`command ${action} (${id}) arrived after its deadline: not run`);
      this.reply({ type: "commandResult", id, ...answer });
      return;
    }
    if (command.ordered) {
      // A queued command: taken now (acked: the room sends the next ones of its window), run in
      // queue order after the ones before it. The journal's start is written on its turn, right
      // before acting, so a restart before then leaves it unknown here and the room's re-delivery
      // runs it (it never ran), while a restart during it is answered as an interrupted start.
      this.waitingTurn.add(id);
      this.reply({ type: "commandAck", id });
      this.orderedTail = this.orderedTail.then(() => {
        this.waitingTurn.delete(id);
        return this.runInTurn(command, false);
      });
      return;
    }
    await this.runInTurn(command, true);
  }

  /** Journals the start, acks when `ack` (an ordered command was acked on arrival), runs and answers. */
  private async runInTurn(command: Command, ack: boolean) {
    const { id, action } = command;
    if (this.running.has(id) || this.journal.get(id)) return;
    try {
      this.journal.start(id, action);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.log(`command ${action} (${id}) not run: journal write failed: ${why}`);
      this.reply({ type: "commandResult", id, ok: false, error: `The agent could not record the command: ${why}` });
      return;
    }
    if (ack) this.reply({ type: "commandAck", id });
    this.running.add(id);
    this.log(`command ${action} (${id})`);
    let reply: CommandReply;
    try {
      if (action === "telemetry-refresh") {
        await this.reportTelemetry();
        reply = { ok: true };
      } else {
        reply = await this.opts.machine.execute(command);
      }
    } catch (error) {
      reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    this.record(id, action, reply);
    this.running.delete(id);
    this.reply({ type: "commandResult", id, ...reply });
  }

  /** Journals an answer; a failed write is logged (the answer is still sent). */
  private record(id: string, action: CommandAction, answer: JournalResult) {
    try {
      this.journal.finish(id, action, answer);
    } catch (error) {
      this.log(`journal write failed for ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
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
    this.reply({
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

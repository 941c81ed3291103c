import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import { AGENT_ATTEMPT_HEADER } from "../contracts/access/principal.ts";
import {
  HEARTBEAT_INTERVAL_MS,
  HELLO_TIMEOUT_MS,
  retryLaterDelayMs,
  retryLaterReason,
} from "../contracts/devices/presence.ts";
import { AGENT_PING, CloseCode, type Command, type Telemetry } from "../contracts/realtime/events.ts";
import { type CommandJournal, FileJournal, MemoryJournal } from "./journal.ts";
import {
  AgentSession,
  type AgentSocket,
  type CommandReply,
  INTERRUPTED_MESSAGE,
  PING_INTERVAL_MS,
  QUEUE_WINDOW,
  REPLACED_CLOSE_CODE,
  SILENCE_MS,
} from "./session.ts";

type Frame = { type: string; id?: string; [key: string]: unknown };
type Listener = (event: never) => void;

/** A WebSocket the test drives: it opens, delivers and drops when told. */
class FakeSocket implements AgentSocket {
  readyState = 0;
  readonly sent: Frame[] = [];
  closedBySession: number | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error("send on a socket that is not open");
    this.sent.push(JSON.parse(data) as Frame);
  }
  close(code?: number) {
    if (this.readyState === 3) return;
    this.closedBySession = code ?? 1005;
    this.readyState = 3;
  }
  private fire(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) (listener as (e: unknown) => void)(event);
  }
  accept() {
    this.readyState = 1;
    this.fire("open", {});
  }
  deliver(message: object) {
    this.fire("message", { data: JSON.stringify(message) });
  }
  /** The room (or the network) closes it. */
  drop(code = 1006, reason = "") {
    this.readyState = 3;
    this.fire("close", { code, reason });
  }
  of(type: string) {
    return this.sent.filter((f) => f.type === type);
  }
  /** Acks and results, in order, as `ack:id` / `result:id`. */
  replies() {
    return this.sent
      .filter((f) => f.type === "commandAck" || f.type === "commandResult")
      .map((f) => `${f.type === "commandAck" ? "ack" : "result"}:${f.id}`);
  }
}

/** A machine whose commands finish when the test says so (or at once), counting every run. */
function fakeMachine() {
  const runs: string[] = [];
  const gates = new Map<string, (reply: CommandReply) => void>();
  let hold = false;
  return {
    runs,
    hold: (on: boolean) => {
      hold = on;
    },
    finish: (id: string, reply: CommandReply = { ok: true, result: { done: id } }) => gates.get(id)?.(reply),
    machine: {
      inventory: async () => ({ machine_id: "m-1", inventory: {} }),
      telemetry: async () => ({}) as Telemetry,
      execute: (command: Command) => {
        runs.push(command.id);
        if (!hold) return Promise.resolve<CommandReply>({ ok: true, result: { done: command.id } });
        return new Promise<CommandReply>((resolve) => gates.set(command.id, resolve));
      },
    },
  };
}

function harness(
  journal: CommandJournal = new MemoryJournal(),
  onConfig?: (config: { capture_interval_s: number }) => void,
) {
  const sockets: FakeSocket[] = [];
  /** Each upgrade's attempt number (contracts/access/principal.ts AGENT_ATTEMPT_HEADER). */
  const attempts: number[] = [];
  const device = fakeMachine();
  const session = new AgentSession({
    url: "ws://room.test/parties/device/d-1",
    credential: "secret",
    machine: device.machine,
    journal,
    ...(onConfig ? { onConfig } : {}),
    backoff: { baseMs: 1000, maxMs: 1000 },
    connect: (_url, headers) => {
      // Never two sockets of one session at once.
      expect(sockets.filter((s) => s.readyState < 2)).toHaveLength(0);
      attempts.push(Number(headers[AGENT_ATTEMPT_HEADER]));
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  const last = () => sockets[sockets.length - 1];
  /** Opens the current socket and lets the hello go out. */
  const connect = async () => {
    last().accept();
    await vi.advanceTimersByTimeAsync(0);
  };
  /** The room closes the socket; the session is connected again after its backoff. */
  const reconnect = async (code = 1006) => {
    last().drop(code);
    await vi.advanceTimersByTimeAsync(1250);
    await connect();
  };
  return { session, sockets, attempts, last, connect, reconnect, ...device };
}

const command = (id: string, action: Command["action"] = "screenshot", deadline?: number) => ({
  type: "command",
  id,
  action,
  params: {},
  ...(deadline === undefined ? {} : { deadline }),
});

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("AgentSession: journal", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const journalPath = () => {
    const dir = mkdtempSync(join(tmpdir(), "outpost-session-"));
    dirs.push(dir);
    return join(dir, "config.json.journal");
  };

  it("journals a command before acking and running it; a restarted agent answers the stored result", async () => {
    const path = journalPath();
    const first = harness(new FileJournal(path));
    first.session.start();
    await first.connect();
    first.last().deliver(command("r-1", "instant-reboot"));
    await vi.advanceTimersByTimeAsync(0);
    expect(first.runs).toEqual(["r-1"]);
    expect(first.last().replies()).toEqual(["ack:r-1", "result:r-1"]);
    first.session.stop();

    // The machine rebooted: a new process, a new journal object on the same file.
    const second = harness(new FileJournal(path));
    second.session.start();
    await second.connect();
    second.last().deliver(command("r-1", "instant-reboot"));
    await vi.advanceTimersByTimeAsync(0);
    expect(second.runs).toEqual([]);
    expect(second.last().of("commandResult")).toEqual([
      { type: "commandResult", id: "r-1", ok: true, result: { done: "r-1" } },
    ]);
    second.session.stop();
  });

  it("a power command started before an instant restart is answered done, never run again; others interrupted", async () => {
    const path = journalPath();
    const first = harness(new FileJournal(path));
    first.hold(true);
    first.session.start();
    await first.connect();
    first.last().deliver(command("r-2", "instant-reboot"));
    first.last().deliver(command("s-2", "screenshot"));
    await vi.advanceTimersByTimeAsync(0);
    expect(first.runs).toEqual(["r-2", "s-2"]);
    expect(first.last().replies()).toEqual(["ack:r-2", "ack:s-2"]);
    // The power went: neither finished.

    const second = harness(new FileJournal(path));
    second.session.start();
    await second.connect();
    second.last().deliver(command("r-2", "instant-reboot"));
    second.last().deliver(command("s-2", "screenshot"));
    await vi.advanceTimersByTimeAsync(0);
    expect(second.runs).toEqual([]);
    expect(second.last().of("commandResult")).toEqual([
      { type: "commandResult", id: "r-2", ok: true, result: {} },
      { type: "commandResult", id: "s-2", ok: false, error: INTERRUPTED_MESSAGE },
    ]);
    second.session.stop();
    first.session.stop();
  });
});

describe("AgentSession: commands", () => {
  it("refuses a command whose deadline passed, without running it, and keeps refusing that id", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    h.last().deliver(command("late", "screenshot", Date.now() - 1));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last().of("commandResult")).toEqual([
      { type: "commandResult", id: "late", ok: false, error: "expired", expired: true },
    ]);
    expect(h.last().of("commandAck")).toEqual([]);
    // Delivered again with a later deadline: still not run.
    h.last().deliver(command("late", "screenshot", Date.now() + 30_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual([]);
    expect(h.last().of("commandResult")[1]).toMatchObject({ id: "late", expired: true });
    // One within its deadline runs.
    h.last().deliver(command("soon", "screenshot", Date.now() + 30_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["soon"]);
    h.session.stop();
  });

  it("reads deadlines on the room's clock, learnt from its pong", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    // This machine's clock is 2 minutes behind the room's.
    h.last().deliver({ type: "pong", at: Date.now() + 120_000 });
    await vi.advanceTimersByTimeAsync(0);
    h.last().deliver(command("behind", "screenshot", Date.now() + 60_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual([]);
    expect(h.last().of("commandResult")).toEqual([
      { type: "commandResult", id: "behind", ok: false, error: "expired", expired: true },
    ]);
    h.last().deliver(command("in-time", "screenshot", Date.now() + 150_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["in-time"]);
    h.session.stop();
  });

  it("reads the room's clock from the pong of a heartbeat (sent right after the hello), not from the runtime's pong", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    expect(h.last().of("heartbeat")).toHaveLength(1);
    // The runtime's answer to a ping: no clock, nothing learnt.
    h.last().deliver({ type: "pong", auto: true });
    await vi.advanceTimersByTimeAsync(0);
    // The heartbeat's answer: the room's clock runs 2 minutes ahead.
    h.last().deliver({ type: "pong", at: Date.now() + 120_000 });
    await vi.advanceTimersByTimeAsync(0);
    h.last().deliver(command("behind", "screenshot", Date.now() + 60_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual([]);
    // One heartbeat a minute, each asking for the clock again.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(h.last().of("heartbeat")).toHaveLength(2);
    h.session.stop();
  });

  it("before the first pong reads a deadline by the frame's ttl_ms, whatever this machine's clock says", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    // No pong yet; the room's deadline is 10 min "ago" on this machine's clock (it runs fast),
    // but the frame says 20 s were left when it was written: it runs.
    h.last().deliver({ ...command("skewed", "screenshot", Date.now() - 600_000), ttl_ms: 20_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["skewed"]);
    // No time left when written: refused.
    h.last().deliver({ ...command("spent", "screenshot", Date.now() + 600_000), ttl_ms: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["skewed"]);
    expect(h.last().of("commandResult")).toContainEqual({
      type: "commandResult",
      id: "spent",
      ok: false,
      error: "expired",
      expired: true,
    });
    h.session.stop();
  });

  it("answers a re-delivered id from the journal without running it again", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    h.last().deliver(command("c-1"));
    await vi.advanceTimersByTimeAsync(0);
    h.last().deliver(command("c-1"));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["c-1"]);
    expect(h.last().replies()).toEqual(["ack:c-1", "result:c-1", "ack:c-1", "result:c-1"]);
    const [a, b] = h.last().of("commandResult");
    expect(b).toEqual(a);
    h.session.stop();
  });

  it("says its queue window on hello; runs ordered (queued) commands one after another, acked on arrival", async () => {
    const h = harness();
    h.hold(true);
    h.session.start();
    await h.connect();
    expect(h.last().of("hello")[0]).toMatchObject({ queue_window: QUEUE_WINDOW });
    for (const id of ["o-1", "o-2", "o-3"]) h.last().deliver({ ...command(id), ordered: true });
    // A direct command beside them is not held up by the queue.
    h.last().deliver(command("direct"));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last().replies()).toEqual(["ack:o-1", "ack:o-2", "ack:o-3", "ack:direct"]);
    expect([...h.runs].sort()).toEqual(["direct", "o-1"]);
    h.finish("direct");
    await vi.advanceTimersByTimeAsync(0);
    expect([...h.runs].sort()).toEqual(["direct", "o-1"]);
    expect(
      h
        .last()
        .replies()
        .filter((r) => r.startsWith("result")),
    ).toEqual(["result:direct"]);
    h.finish("o-1");
    await vi.advanceTimersByTimeAsync(0);
    h.finish("o-2");
    await vi.advanceTimersByTimeAsync(0);
    h.finish("o-3");
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs.filter((id) => id.startsWith("o-"))).toEqual(["o-1", "o-2", "o-3"]);
    expect(
      h
        .last()
        .replies()
        .filter((r) => r.startsWith("result")),
    ).toEqual(["result:direct", "result:o-1", "result:o-2", "result:o-3"]);
    h.session.stop();
  });

  it("ordered commands: each starts when the one before it has answered; a re-delivery while waiting is not run twice", async () => {
    const h = harness();
    h.hold(true);
    h.session.start();
    await h.connect();
    for (const id of ["o-1", "o-2"]) h.last().deliver({ ...command(id), ordered: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["o-1"]);
    // The room asks about o-2 again (a new hello): acked, still waiting its turn.
    h.last().deliver({ ...command("o-2"), ordered: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last().replies()).toEqual(["ack:o-1", "ack:o-2", "ack:o-2"]);
    h.finish("o-1");
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["o-1", "o-2"]);
    h.finish("o-2");
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["o-1", "o-2"]);
    expect(
      h
        .last()
        .replies()
        .filter((r) => r.startsWith("result")),
    ).toEqual(["result:o-1", "result:o-2"]);
    h.session.stop();
  });

  it("an ordered command acked but not yet started when the agent restarts is run on re-delivery (it never ran)", async () => {
    const journal = new MemoryJournal();
    const first = harness(journal);
    first.hold(true);
    first.session.start();
    await first.connect();
    for (const id of ["r-1", "r-2"]) first.last().deliver({ ...command(id, "instant-reboot"), ordered: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(first.runs).toEqual(["r-1"]);
    first.session.stop();
    // Restarted with the same journal: r-1 started (a power command: answered done, not run again); r-2 never started.
    const second = harness(journal);
    second.session.start();
    await second.connect();
    for (const id of ["r-1", "r-2"]) second.last().deliver({ ...command(id, "instant-reboot"), ordered: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(second.runs).toEqual(["r-2"]);
    expect(second.last().of("commandResult")[0]).toEqual({ type: "commandResult", id: "r-1", ok: true, result: {} });
    second.session.stop();
  });

  it("a command running while its socket drops answers once, on the new socket", async () => {
    const h = harness();
    h.hold(true);
    h.session.start();
    await h.connect();
    h.last().deliver(command("slow"));
    await vi.advanceTimersByTimeAsync(0);
    const old = h.last();
    await h.reconnect();
    expect(h.sockets).toHaveLength(2);
    // The room asks again on the new socket while it still runs: acked, not run twice.
    h.last().deliver(command("slow"));
    await vi.advanceTimersByTimeAsync(0);
    h.finish("slow");
    await vi.advanceTimersByTimeAsync(0);
    expect(h.runs).toEqual(["slow"]);
    expect(old.replies()).toEqual(["ack:slow"]);
    expect(h.last().replies()).toEqual(["ack:slow", "result:slow"]);
    h.session.stop();
  });

  it("keeps replies it cannot send and flushes them in order right after the next hello", async () => {
    const h = harness();
    h.hold(true);
    h.session.start();
    await h.connect();
    h.last().deliver(command("a"));
    h.last().deliver(command("b"));
    await vi.advanceTimersByTimeAsync(0);
    h.last().drop();
    h.finish("a");
    h.finish("b");
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.pendingReplies).toBe(2);

    await vi.advanceTimersByTimeAsync(1250);
    h.last().accept();
    // A command that arrives before the hello went out: its ack waits for the hello too.
    h.hold(false);
    h.last().deliver(command("c"));
    await vi.advanceTimersByTimeAsync(0);
    const sent = h.last().sent.map((f) => (f.id ? `${f.type}:${f.id}` : f.type));
    expect(sent.slice(0, 4)).toEqual(["hello", "commandResult:a", "commandResult:b", "commandAck:c"]);
    expect(sent.slice(4).sort()).toEqual(["commandResult:c", "heartbeat", "ping", "telemetry"]);
    expect(h.session.pendingReplies).toBe(0);
    h.session.stop();
  });
});

describe("AgentSession: the space's settings", () => {
  it("takes the capture interval from the hello's answer and from a live agentConfig", async () => {
    const seen: number[] = [];
    const h = harness(new MemoryJournal(), (c) => seen.push(c.capture_interval_s));
    h.session.start();
    await h.connect();
    h.last().deliver({ type: "helloAck", at: Date.now(), capture_interval_s: 300 });
    h.last().deliver({ type: "agentConfig", capture_interval_s: 120 });
    // An older room's answer carries none.
    h.last().deliver({ type: "helloAck", at: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([300, 120]);
    h.session.stop();
  });
});

describe("AgentSession: liveness", () => {
  it("pings every 10 s and replaces a socket the room has been silent on for 25 s", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    // The silence rule counts once the room has answered the hello.
    h.last().deliver({ type: "helloAck", at: Date.now() });
    // One right after the hello, then every 10 s.
    expect(h.last().of("ping")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(h.last().of("ping")).toHaveLength(2);
    // The fixed frame the room's runtime answers without waking the room.
    expect(JSON.stringify(h.last().of("ping")[1])).toBe(AGENT_PING);
    // Pongs keep it alive.
    h.last().deliver({ type: "pong", at: Date.now() });
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    h.last().deliver({ type: "pong", at: Date.now() });
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1000);
    expect(h.sockets).toHaveLength(1);
    expect(h.last().closedBySession).toBeNull();
    // Then nothing more comes (half-open): given up within a second of 25 s, a new one after the backoff.
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.sockets[0].closedBySession).toBe(1000);
    expect(h.session.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(1250);
    expect(h.sockets).toHaveLength(2);
    await h.connect();
    expect(h.last().of("hello")).toHaveLength(1);
    h.session.stop();
  });

  it("keeps pinging while a slow first telemetry read is still running (a busy machine is not silent)", async () => {
    const h = harness();
    // The first telemetry read takes 40 s (systeminformation on a loaded machine).
    let release: (() => void) | undefined;
    h.machine.telemetry = () =>
      new Promise<Telemetry>((resolve) => {
        release = () => resolve({} as Telemetry);
      });
    h.session.start();
    await h.connect();
    expect(h.last().of("hello")).toHaveLength(1);
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
      h.last().deliver({ type: "pong", at: Date.now() });
    }
    // 40 s in: pinged every 10 s (and heard back), so the socket is kept; no telemetry yet.
    expect(h.last().of("ping").length).toBeGreaterThanOrEqual(5);
    expect(h.last().of("telemetry")).toHaveLength(0);
    expect(h.sockets).toHaveLength(1);
    expect(h.last().closedBySession).toBeNull();
    release?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.last().of("telemetry")).toHaveLength(1);
    h.session.stop();
  });

  it("gives up an upgrade that never completes, after HELLO_TIMEOUT_MS (a slow connect is not silence)", async () => {
    const h = harness();
    h.session.start();
    // Past the 25 s silence rule: a connect queued behind a whole fleet's is kept.
    await vi.advanceTimersByTimeAsync(SILENCE_MS + 1000);
    expect(h.sockets[0].closedBySession).toBeNull();
    await vi.advanceTimersByTimeAsync(HELLO_TIMEOUT_MS - SILENCE_MS);
    expect(h.sockets[0].closedBySession).toBe(1000);
    await vi.advanceTimersByTimeAsync(1250);
    expect(h.sockets).toHaveLength(2);
    h.session.stop();
  });

  it("holds a socket whose hello is answered late: the 25 s rule counts from the answer", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    expect(h.last().of("hello")).toHaveLength(1);
    // The room answers the hello 40 s later (its connect queued in a wave); nothing else came.
    await vi.advanceTimersByTimeAsync(40_000);
    expect(h.sockets).toHaveLength(1);
    expect(h.last().closedBySession).toBeNull();
    h.last().deliver({ type: "helloAck", at: Date.now() });
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1000);
    expect(h.last().closedBySession).toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.sockets[0].closedBySession).toBe(1000);
    h.session.stop();
  });

  it("a connect turned away (4503 retry-after) comes back when told, with jitter, and not sooner", async () => {
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    const h = harness();
    h.session.start();
    await h.connect();
    h.last().drop(CloseCode.retryLater, retryLaterReason(20));
    // Told 20 s: with random 0.5 it waits 20 × 1.125 + 0.5 = 23 s (never less than 20 s).
    expect(retryLaterDelayMs(20, 0.5)).toBe(23_000);
    expect(retryLaterDelayMs(20, 0)).toBe(20_000);
    await vi.advanceTimersByTimeAsync(22_900);
    expect(h.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(h.sockets).toHaveLength(2);
    // Not a failure: the backoff after the next drop is still the first step (1 s here).
    await h.connect();
    h.last().drop(1006);
    await vi.advanceTimersByTimeAsync(1250);
    expect(h.sockets).toHaveLength(3);
    random.mockRestore();
    h.session.stop();
  });

  it("a socket replaced by a newer connection (4409) reconnects after the backoff, one socket at a time", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    h.last().drop(REPLACED_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(500);
    expect(h.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(750);
    expect(h.sockets).toHaveLength(2);
    await h.connect();
    expect(h.session.connected).toBe(true);
    h.session.stop();
  });

  it("numbers its connection attempts, each larger than the one before, in the upgrade's header", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    await h.reconnect();
    await h.reconnect();
    expect(h.attempts).toHaveLength(3);
    expect(h.attempts.every((n, i) => Number.isSafeInteger(n) && (i === 0 || n > h.attempts[i - 1]))).toBe(true);
    h.session.stop();
  });

  it("stop then start opens exactly one socket", async () => {
    const h = harness();
    h.session.start();
    await h.connect();
    h.session.stop();
    h.session.start();
    h.session.start();
    expect(h.sockets).toHaveLength(2);
    h.session.stop();
  });
});

describe("AgentSession over a real WebSocket", () => {
  it("sends the credential, a hello, and acks and answers a command", async () => {
    vi.useRealTimers();
    const server = new WebSocketServer({ port: 0 });
    const frames: Frame[] = [];
    let authorization: string | undefined;
    server.on("connection", (socket, request) => {
      authorization = request.headers.authorization;
      socket.on("message", (data) => {
        const frame = JSON.parse(String(data)) as Frame;
        frames.push(frame);
        if (frame.type === "hello") socket.send(JSON.stringify(command("w-1", "set-debug", Date.now() + 30_000)));
      });
    });
    await new Promise((resolve) => server.once("listening", resolve));
    const device = fakeMachine();
    const session = new AgentSession({
      url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/parties/device/d-1`,
      credential: "secret",
      machine: device.machine,
    }).start();
    try {
      await vi.waitFor(() => expect(frames.some((f) => f.type === "commandResult")).toBe(true), { timeout: 5000 });
      expect(authorization).toBe("Bearer secret");
      expect(frames.map((f) => f.type).filter((t) => t !== "ping" && t !== "heartbeat")).toEqual([
        "hello",
        "telemetry",
        "commandAck",
        "commandResult",
      ]);
      expect(frames[1].type).toBe("ping");
      expect(device.runs).toEqual(["w-1"]);
    } finally {
      session.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

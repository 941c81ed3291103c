import { COMMAND_TIMEOUT_MS, type Outcome, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE } from "../contracts/commands.ts";
import type { Command, CommandResult, CommandStatus } from "../contracts/realtime.ts";

export { COMMAND_TIMEOUT_MS, type Outcome, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE };

export type Timers = {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

type Pending = {
  command: Command;
  received: boolean;
  promise: Promise<Outcome>;
  resolve: (o: Outcome) => void;
  timer: unknown;
};

/**
 * The DeviceRoom's command broker, with no I/O of its own: `send` forwards a command to the
 * agent, `onUpdate` reports progress. A request id is forwarded at most once: a repeated id
 * joins the pending request or gets the remembered outcome.
 */
export class CommandBroker {
  private readonly pending = new Map<string, Pending>();
  private readonly settled = new Map<string, Outcome>();

  constructor(
    private readonly opts: {
      send: (command: Command) => boolean;
      onUpdate?: (command: Command, status: CommandStatus, outcome?: Outcome) => void;
      timeoutMs?: number;
      timers?: Timers;
      remember?: number;
    },
  ) {}

  isPending(id: string) {
    return this.pending.has(id);
  }

  get pendingCount() {
    return this.pending.size;
  }

  /** Forwards `command` unless its id is known; resolves with the agent's answer or a timeout. */
  request(command: Command): { promise: Promise<Outcome>; forwarded: boolean } {
    const known = this.pending.get(command.id);
    if (known) return { promise: known.promise, forwarded: false };
    const done = this.settled.get(command.id);
    if (done) return { promise: Promise.resolve(done), forwarded: false };

    let resolve: (o: Outcome) => void = () => {};
    const promise = new Promise<Outcome>((r) => {
      resolve = r;
    });
    const timers = this.opts.timers ?? realTimers;
    const entry: Pending = { command, received: false, promise, resolve, timer: null };
    this.pending.set(command.id, entry);
    entry.timer = timers.set(
      () => this.finish(command.id, { status: "timed_out", error: TIMEOUT_MESSAGE, received: entry.received }),
      this.opts.timeoutMs ?? COMMAND_TIMEOUT_MS,
    );
    this.opts.onUpdate?.(command, "pending");
    if (!this.opts.send(command)) {
      this.finish(command.id, { status: "unavailable", error: UNAVAILABLE_MESSAGE, received: false });
    }
    return { promise, forwarded: true };
  }

  /** The agent's "message received". */
  ack(id: string): boolean {
    const entry = this.pending.get(id);
    if (!entry || entry.received) return false;
    entry.received = true;
    this.opts.onUpdate?.(entry.command, "received");
    return true;
  }

  /** The agent's answer; false when nothing waits for it (late, unknown or repeated). */
  settle(reply: Pick<CommandResult, "id" | "ok" | "result" | "error">): boolean {
    const entry = this.pending.get(reply.id);
    if (!entry) return false;
    return this.finish(
      reply.id,
      reply.ok
        ? { status: "succeeded", result: reply.result ?? {}, received: true }
        : { status: "failed", error: reply.error ?? "Action failed.", received: entry.received },
    );
  }

  /** The agent went away: every pending command fails as unavailable. */
  failAll(error = UNAVAILABLE_MESSAGE): number {
    const ids = [...this.pending.keys()];
    for (const id of ids) {
      const entry = this.pending.get(id);
      this.finish(id, { status: "unavailable", error, received: entry?.received ?? false });
    }
    return ids.length;
  }

  private finish(id: string, outcome: Outcome): boolean {
    const entry = this.pending.get(id);
    if (!entry) return false;
    this.pending.delete(id);
    (this.opts.timers ?? realTimers).clear(entry.timer);
    this.settled.set(id, outcome);
    const limit = this.opts.remember ?? 500;
    for (const old of this.settled.keys()) {
      if (this.settled.size <= limit) break;
      this.settled.delete(old);
    }
    this.opts.onUpdate?.(entry.command, outcome.status === "unavailable" ? "failed" : outcome.status, outcome);
    entry.resolve(outcome);
    return true;
  }
}

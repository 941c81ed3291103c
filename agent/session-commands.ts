// How the agent takes a command: journaled before it is acked, at most once, in queue order, refused past its deadline or unreadable.
import { z } from "zod";
import type { CommandAction } from "../contracts/commands/action.ts";
import type { Command, CommandResult } from "../contracts/realtime/events.ts";
import type { CommandJournal, JournalResult } from "./journal.ts";
import { AGENT_VERSION, type CommandReply, type Executor } from "./session-options.ts";

/** Power actions run at most once: one started before a restart is taken as done, never run again. */
export const AT_MOST_ONCE: ReadonlySet<CommandAction> = new Set<CommandAction>(["instant-reboot", "instant-power-off"]);
/** The answer to a re-delivered command the agent started but never finished (it restarted meanwhile). */
export const INTERRUPTED_MESSAGE = "interrupted: the agent restarted while running this command";
/** The answer to a command that arrived after its deadline: it did not run. */
export const EXPIRED_MESSAGE = "expired";
/** The least a command frame carries, to answer one that does not parse. */
const UnreadableCommand = z.object({
  type: z.literal("command"),
  id: z.string().min(1).max(128),
  action: z.string().optional().catch(undefined),
});

/** A frame the command side sends: an ack or a result. */
export type Reply = { type: "commandAck"; id: string } | CommandResult;

/** The room's clock as the pongs measure it: a command's deadline is the room's time. */
export class RoomClock {
  /**
   * When the last ping or heartbeat went out (local ms), to read the room's clock from the pong
   * that carries it (a heartbeat's; an older room's answer to a ping).
   */
  private pingSentAt: number | null = null;
  /** The room's clock minus this machine's (ms), from the last pong. */
  private clockOffset = 0;
  private clockKnown = false;

  /** A ping or heartbeat went out at `at` (local ms). */
  sent(at: number) {
    this.pingSentAt = at;
  }

  /**
   * A pong carries the room's time: the offset of this machine's clock from it (a kiosk without
   * network time may be minutes off) is what deadlines, which are the room's times, are read with.
   */
  read(roomNow: number) {
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
  pastDeadline(command: Command) {
    if (command.ttl_ms !== undefined && command.ttl_ms <= 0) return true;
    if (command.deadline === undefined) return false;
    if (!this.clockKnown && command.ttl_ms !== undefined) return false;
    return Date.now() + this.clockOffset > command.deadline;
  }
}

/** What the command side uses of the session and the machine. */
export type CommandDeps = {
  journal: CommandJournal;
  clock: RoomClock;
  execute: Executor;
  /** What a telemetry-refresh command does. */
  reportTelemetry: () => Promise<void>;
  reply: (message: Reply) => void;
  log: (line: string) => void;
};

/**
 * The commands of one agent, across its sockets: answered from the journal when known, run
 * through the machine's executor otherwise; replies go to the session (sent or kept in its outbox).
 */
export class CommandTaker {
  /** Commands running in this process, by id. */
  private readonly running = new Set<string>();
  /** Queued (`ordered`) commands acked and waiting for their turn, by id; they run one at a time. */
  private readonly waitingTurn = new Set<string>();
  /** The end of the ordered run: each ordered command starts after the one before it has answered. */
  private orderedTail: Promise<void> = Promise.resolve();

  private readonly deps: CommandDeps;

  constructor(deps: CommandDeps) {
    this.deps = deps;
  }

  /**
   * A command: answered from the journal when its id is known, refused when its deadline passed,
   * else journaled, acked, run and answered. The checks and the journal write happen before the
   * first await, so two deliveries of one id cannot both run it.
   */
  async take(command: Command) {
    const { id, action } = command;
    if (this.running.has(id) || this.waitingTurn.has(id)) {
      // Re-delivered on a new socket while it runs here: the answer goes out when it finishes.
      this.deps.reply({ type: "commandAck", id });
      return;
    }
    const known = this.deps.journal.get(id);
    if (known && known.action !== action) {
      // Ids are unique per device; one reused for another action is refused, not run.
      this.deps.reply({
        type: "commandResult",
        id,
        ok: false,
        error: `The command id ${id} was used for ${known.action}.`,
      });
      return;
    }
    if (known?.result) {
      this.deps.reply({ type: "commandAck", id });
      this.deps.reply({ type: "commandResult", id, ...known.result });
      return;
    }
    if (known) {
      const answer: JournalResult = AT_MOST_ONCE.has(known.action)
        ? { ok: true, result: {} }
        : { ok: false, error: INTERRUPTED_MESSAGE };
      this.record(id, known.action, answer);
      this.deps.reply({ type: "commandAck", id });
      this.deps.reply({ type: "commandResult", id, ...answer });
      return;
    }
    if (this.deps.clock.pastDeadline(command)) {
      // Kept too, so this id never runs later, whatever deadline a later delivery carries.
      const answer: JournalResult = { ok: false, error: EXPIRED_MESSAGE, expired: true };
      this.record(id, action, answer);
      this.deps.log(`command ${action} (${id}) arrived after its deadline: not run`);
      this.deps.reply({ type: "commandResult", id, ...answer });
      return;
    }
    if (command.ordered) {
      // A queued command: taken now (acked: the room sends the next ones of its window), run in
      // queue order after the ones before it. The journal's start is written on its turn, right
      // before acting, so a restart before then leaves it unknown here and the room's re-delivery
      // runs it (it never ran), while a restart during it is answered as an interrupted start.
      this.waitingTurn.add(id);
      this.deps.reply({ type: "commandAck", id });
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
    if (this.running.has(id) || this.deps.journal.get(id)) return;
    try {
      this.deps.journal.start(id, action);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.deps.log(`command ${action} (${id}) not run: journal write failed: ${why}`);
      this.deps.reply({
        type: "commandResult",
        id,
        ok: false,
        error: `The agent could not record the command: ${why}`,
      });
      return;
    }
    if (ack) this.deps.reply({ type: "commandAck", id });
    this.running.add(id);
    this.deps.log(`command ${action} (${id})`);
    let reply: CommandReply;
    try {
      if (action === "telemetry-refresh") {
        await this.deps.reportTelemetry();
        reply = { ok: true };
      } else {
        reply = await this.deps.execute(command);
      }
    } catch (error) {
      reply = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    this.record(id, action, reply);
    this.running.delete(id);
    this.deps.reply({ type: "commandResult", id, ...reply });
  }

  /** Journals an answer; a failed write is logged (the answer is still sent). */
  private record(id: string, action: CommandAction, answer: JournalResult) {
    try {
      this.deps.journal.finish(id, action, answer);
    } catch (error) {
      this.deps.log(`journal write failed for ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * A command this agent cannot read (an action it does not know, a malformed frame) is answered
   * with a failure saying so, rather than left to time out.
   */
  refuse(data: unknown) {
    const frame = UnreadableCommand.safeParse(data);
    if (!frame.success) return;
    const what = frame.data.action ? `"${frame.data.action.slice(0, 64)}"` : "without an action";
    this.deps.log(`unreadable command ${what} (${frame.data.id})`);
    this.deps.reply({
      type: "commandResult",
      id: frame.data.id,
      ok: false,
      error: `This agent (${AGENT_VERSION}) cannot run the command ${what}.`,
    });
  }
}

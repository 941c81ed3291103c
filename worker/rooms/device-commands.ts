import type { CommandRecord } from "../../contracts/commands/queue.ts";
import type { CommandResult as ResultFrame } from "../../contracts/realtime/events.ts";
import {
  ACK_GRACE_MS,
  type CommandEvent,
  type CommandRow,
  isAnswered,
  newCommand,
  nextCommand,
  type Outcome,
  UNAVAILABLE_MESSAGE,
} from "./broker.ts";
import { isFirst, nextQueued, queuedInFlight, redeliveries } from "./broker-queue.ts";
import { outcomeOf, toRecord } from "./broker-views.ts";
import { CommandEffects } from "./command-effects.ts";
import {
  commandsIn,
  dueCommands,
  KEEP_COMMANDS_MS,
  COMMAND_LIST_LIMIT as LIST_LIMIT,
  loadCommand,
  newestCommands,
  nextCommandDue,
  PRUNE_EVERY_MS,
  pruneCommands,
  saveCommand,
  updateCommand,
} from "./command-store.ts";
import {
  type Actor,
  type CancelResult,
  type CommandHost,
  DISPLAY_CONFIG_KEY,
  frameOf,
  type QueueCommandInput,
  type RunCommandInput,
  takePendingDisplayConfig,
} from "./command-types.ts";

import { CommandWaits } from "./command-waits.ts";

/**
 * The DeviceRoom's commands (devices.md §7, §9): every command, direct or queued, is a
 * `command_log` row whose state follows worker/rooms/broker.ts; each change is stored, pushed to the
 * device's dashboards (commandUpdate with the record) and audited where it matters. A direct
 * call waits in memory for its answer (a waiter); the row outlives the waiter, the room's
 * eviction and the agent's reconnects: un-acked commands are re-delivered on the next hello,
 * acknowledged ones whose answer is missing are asked again (the agent's journal answers), and
 * queued ones go out one at a time, oldest first, while an agent is connected.
 */
export class DeviceCommands {
  /** Direct calls waiting for answers; timers of verdicts. */
  private readonly waits: CommandWaits;
  /** What follows a change outside the room: dashboards, D1 records, the audit, alerting, R2. */
  private readonly effects: CommandEffects;
  private prunedAt = 0;

  constructor(private readonly host: CommandHost) {
    this.effects = new CommandEffects(host);
    this.waits = new CommandWaits(host, (id) => {
      const current = loadCommand(this.host.sql(), id);
      if (current) this.apply(current, { type: "tick", now: Date.now() });
    });
  }

  /**
   * A direct command: forwards it to the agent and resolves with its answer (succeeded, failed),
   * `timed_out` (not acknowledged by its deadline: it did not run), `in_doubt` (acknowledged, no
   * answer: it may have run) or `unavailable` (no agent online: never sent). A known id is never
   * sent again: it joins the waiting call or gets the stored outcome (looked up before presence,
   * so a retry while the device is offline still learns what happened).
   */
  async run(input: RunCommandInput): Promise<Outcome> {
    const now = Date.now();
    let row = loadCommand(this.host.sql(), input.id);
    if (row) row = this.apply(row, { type: "tick", now }) ?? row;
    if (row && row.state !== "unavailable") {
      const known = outcomeOf(row);
      const outcome = known ?? (await this.waits.wait(row));
      await this.effects.audited(row.id);
      return outcome;
    }
    // Unavailable before (never written): a retry is safe and runs it now.
    if (!this.host.online() || !this.host.agent()) {
      return { status: "unavailable", error: UNAVAILABLE_MESSAGE, received: false };
    }
    const created = newCommand({
      id: input.id,
      action: input.action,
      params: input.params ?? {},
      queued: false,
      now,
      user_uuid: input.actor.user_uuid,
      space_uuid: input.actor.space_uuid,
    });
    const sent = this.deliver(created, true);
    const outcome = outcomeOf(sent) ?? (await this.waits.wait(sent));
    await this.effects.audited(input.id);
    return outcome;
  }

  /**
   * Queues a command for the device (delivered in order while an agent is connected, until its
   * TTL). An id already known answers its record (`created: false`). A supersede key cancels
   * the older queued commands with that key (superseded).
   */
  queue(input: QueueCommandInput): { record: CommandRecord; created: boolean } {
    const sql = this.host.sql();
    const known = loadCommand(sql, input.id);
    if (known) return { record: toRecord(known), created: false };
    const now = Date.now();
    if (input.supersede_key) this.supersede(input.supersede_key, now);
    const row = newCommand({
      id: input.id,
      action: input.action,
      params: input.params,
      queued: true,
      now,
      ttl_ms: input.ttl_seconds === null ? null : input.ttl_seconds * 1000,
      supersede_key: input.supersede_key ?? null,
      user_uuid: input.actor.user_uuid,
      space_uuid: input.actor.space_uuid,
    });
    saveCommand(sql, row);
    this.effects.publish(row);
    this.effects.audit(row, "queued");
    this.waits.schedule(row);
    this.deliverNext();
    return { record: toRecord(loadCommand(sql, row.id) ?? row), created: true };
  }

  /** The newest commands (at most 200), newest first. */
  list(): CommandRecord[] {
    return newestCommands(this.host.sql(), LIST_LIMIT).map(toRecord);
  }

  get(id: string): CommandRecord | null {
    const row = loadCommand(this.host.sql(), id);
    return row ? toRecord(row) : null;
  }

  /** Cancels a queued command; one already delivered cannot be recalled. Cancelling twice is fine. */
  cancel(id: string): CancelResult {
    const row = loadCommand(this.host.sql(), id);
    if (!row) return { error: "not_found" };
    if (row.state === "cancelled") return { record: toRecord(row) };
    const next = this.apply(row, { type: "cancel", now: Date.now() });
    return next ? { record: toRecord(next) } : { error: "not_cancellable" };
  }

  /** Cancels every command still waiting in the queue; returns how many. */
  purge(): number {
    const now = Date.now();
    return commandsIn(this.host.sql(), ["queued"]).filter((row) => this.apply(row, { type: "cancel", now })).length;
  }

  /** The agent's "message received". */
  ack(id: string) {
    const row = loadCommand(this.host.sql(), id);
    if (row) this.apply(row, { type: "ack", now: Date.now() });
  }

  /** The agent's answer, on whichever socket it comes (a late one settles an in_doubt command). */
  settle(reply: ResultFrame) {
    const row = loadCommand(this.host.sql(), reply.id);
    if (!row) return;
    this.apply(
      row,
      {
        type: "result",
        now: Date.now(),
        ok: reply.ok,
        result: reply.result,
        error: reply.error,
        expired: reply.expired,
      },
      reply.ok ? reply.result : undefined,
    );
  }

  /**
   * No agent socket is left: acknowledged commands without an answer become in_doubt (the API
   * says so); written but unacknowledged ones wait for the agent's return until their deadline.
   */
  agentGone() {
    const now = Date.now();
    for (const row of commandsIn(this.host.sql(), ["acked"])) this.apply(row, { type: "agentGone", now });
  }

  /**
   * The agent said hello: the missed verdicts first, then re-delivery in creation order of the
   * commands whose answer is missing, then the next queued command.
   */
  onHello() {
    const now = Date.now();
    this.sweep(now);
    const agent = this.host.agent();
    if (!agent) return;
    // Read before the first delivery below, so what it delivers is not sent twice.
    const waiting = redeliveries(commandsIn(this.host.sql(), ["delivered", "acked", "in_doubt"]), now);
    // A Disable / Enable queued while the device was away goes before anything else.
    this.deliverNext(isFirst);
    for (const row of waiting) this.host.send(agent, frameOf(row));
    this.deliverNext();
  }

  /** Deadlines and TTLs that passed (the room's alarm); returns when to look again. */
  sweep(now: number): number | null {
    const sql = this.host.sql();
    for (const row of dueCommands(sql, now, ACK_GRACE_MS)) this.apply(row, { type: "tick", now });
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      pruneCommands(sql, now, KEEP_COMMANDS_MS);
      this.prunedAt = now;
    }
    return nextCommandDue(sql, ACK_GRACE_MS);
  }

  /**
   * RPC of display-config.ts: a display configuration saved while the agent was away is queued
   * (no TTL, supersede key "display-config": a newer one replaces it); null (one was applied
   * online) supersedes what still waits.
   */
  setPendingDisplayConfig(pending: { displays: unknown[]; actor: Actor } | null) {
    if (!pending) {
      this.supersede(DISPLAY_CONFIG_KEY, Date.now());
      return;
    }
    this.queue({
      id: `display-config-${crypto.randomUUID()}`,
      action: "apply-display-config",
      params: { displays: pending.displays },
      ttl_seconds: null,
      supersede_key: DISPLAY_CONFIG_KEY,
      actor: pending.actor,
    });
  }

  /** Moves a display configuration an older room kept in kv into the queue. */
  migratePendingDisplayConfig() {
    takePendingDisplayConfig(this.host.sql(), (pending) => this.setPendingDisplayConfig(pending));
  }

  /**
   * Delivers the oldest queued commands while an agent is connected: as many as its queue window
   * has room for beside those in flight (one at a time for an agent without a window); `only`:
   * just those of them (the hello's Disable / Enable first).
   */
  private deliverNext(only?: (row: CommandRow) => boolean) {
    if (!this.host.agent()) return;
    const now = Date.now();
    const rows = commandsIn(this.host.sql(), ["queued", "delivered", "acked"]);
    let ahead = queuedInFlight(rows);
    const due = nextQueued(rows, now, this.host.queueWindow());
    for (const next of only ? due.filter(only) : due) {
      if (this.deliver(next, false, ahead).state !== "delivered") return;
      ahead++;
    }
  }

  /**
   * Writes the command to the agent; `insert` for a direct command's new row; `ahead`: queued
   * commands in flight before it (its deadline grows by 30 s for each).
   */
  private deliver(row: CommandRow, insert: boolean, ahead = 0): CommandRow {
    const now = Date.now();
    const delivered = nextCommand(row, { type: "deliver", now, ahead });
    const agent = this.host.agent();
    if (delivered && agent && this.host.send(agent, frameOf(delivered))) return this.changed(row, delivered, insert);
    const refused = nextCommand(row, { type: "undeliverable", now });
    if (refused) return this.changed(row, refused, insert);
    return row;
  }

  private supersede(key: string, now: number) {
    for (const row of commandsIn(this.host.sql(), ["queued"]).filter((r) => r.supersede_key === key))
      this.apply(row, { type: "supersede", now });
  }

  /** Applies an event; the row after it, or null when it changed nothing. */
  private apply(row: CommandRow, event: CommandEvent, full?: Record<string, unknown>): CommandRow | null {
    const next = nextCommand(row, event);
    return next ? this.changed(row, next, false, full) : null;
  }

  /** Stores a change and does what follows from it. `full`: the agent's result with its image. */
  private changed(before: CommandRow, next: CommandRow, insert: boolean, full?: Record<string, unknown>) {
    const sql = this.host.sql();
    if (insert) saveCommand(sql, next);
    else updateCommand(sql, next);
    this.effects.after(before, next, full);
    this.waits.schedule(next);
    if (isAnswered(next.state)) this.waits.resolve(next, full);
    const wasInFlight = before.state === "delivered" || before.state === "acked";
    if (next.queued && wasInFlight && next.state !== "delivered" && next.state !== "acked") this.deliverNext();
    return next;
  }
}

import type { Connection } from "partyserver";
import type { CommandRecord } from "../contracts/command-queue.ts";
import type { CommandAction, CommandResult as ResultFrame, ServerMessage } from "../contracts/realtime.ts";
import type { Env } from "../worker/env.ts";
import { commandFailedSignal } from "../worker/services/alerting/signal.ts";
import { screenshotKey } from "../worker/services/commands/remote-actions.ts";
import {
  auditCommandStatuses,
  recordSettingAnswers,
  recordVisionReceived,
  type SettingAnswer,
} from "../worker/services/devices/records.ts";
import { batchWriter } from "./batch-writer.ts";
import {
  ACK_GRACE_MS,
  auditStatusOf,
  type CommandEvent,
  type CommandRow,
  dueAt,
  isAnswered,
  isFirst,
  newCommand,
  nextCommand,
  nextQueued,
  type Outcome,
  outcomeOf,
  queuedInFlight,
  redeliveries,
  statusOf,
  toRecord,
  UNAVAILABLE_MESSAGE,
} from "./broker.ts";
import {
  commandsIn,
  dueCommands,
  loadCommand,
  newestCommands,
  nextCommandDue,
  pruneCommands,
  saveCommand,
  updateCommand,
} from "./command-store.ts";
import { kvDelete, kvGet } from "./device-storage.ts";

/** kv key of a display configuration waiting for the agent (older rooms; moved into the queue on start). */
const PENDING_DISPLAY_CONFIG = "pending_display_config";
/** The supersede key of a display configuration saved while the device was offline. */
export const DISPLAY_CONFIG_KEY = "display-config";
/** Ended commands are kept a week: a retry within it is answered, never run again; the Commands tab shows them. */
const KEEP_COMMANDS_MS = 7 * 86_400_000;
/** The Commands tab lists at most this many. */
const LIST_LIMIT = 200;
/** Ended commands are pruned at most this often (an alarm may come every 25 s). */
const PRUNE_EVERY_MS = 3_600_000;
/** Actions whose answer the catalogue records (records.ts recordSettingAnswer). */
const SETTING_ACTIONS: readonly CommandAction[] = ["set-enabled", "set-debug", "set-vision", "set-peripheral-enabled"];

export type Actor = { user_uuid: string | null; space_uuid: string };

export type RunCommandInput = {
  id: string;
  action: CommandAction;
  params?: Record<string, unknown>;
  actor: Actor;
};

export type QueueCommandInput = {
  id: string;
  action: CommandAction;
  params: Record<string, unknown>;
  /** null: no time limit (a display configuration waits for the device however long it takes). */
  ttl_seconds: number | null;
  supersede_key?: string | null;
  actor: Actor;
};

export type CancelResult = { record: CommandRecord } | { error: "not_found" | "not_cancellable" };

type PendingDisplayConfig = { displays: unknown[]; actor: Actor; at: number };

/** What the command side of a DeviceRoom needs from the room. */
export type CommandHost = {
  env: () => Env;
  sql: () => SqlStorage;
  /** The device's uuid (the room's name). */
  device: () => string;
  /** Presence says the device is online. */
  online: () => boolean;
  /** The device's open agent socket (the newest), if any. */
  agent: () => Connection | undefined;
  /** How many queued commands that agent takes at once (its hello's queue_window; 1 without). */
  queueWindow: () => number;
  /** Writes a frame; false when the socket is not open. */
  send: (connection: Connection, message: ServerMessage) => boolean;
  toDashboards: (message: ServerMessage) => void;
  waitUntil: (work: Promise<unknown>) => void;
  armAlarm: (at: number) => Promise<void>;
};

/**
 * The DeviceRoom's commands (devices.md §7, §9): every command, direct or queued, is a
 * `command_log` row whose state follows party/broker.ts; each change is stored, pushed to the
 * device's dashboards (commandUpdate with the record) and audited where it matters. A direct
 * call waits in memory for its answer (a waiter); the row outlives the waiter, the room's
 * eviction and the agent's reconnects: un-acked commands are re-delivered on the next hello,
 * acknowledged ones whose answer is missing are asked again (the agent's journal answers), and
 * queued ones go out one at a time, oldest first, while an agent is connected.
 */
export class DeviceCommands {
  private readonly waiters = new Map<string, ((outcome: Outcome) => void)[]>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The audit write of a command's latest change, so a direct call answers once it is written. */
  private readonly audits = new Map<string, Promise<unknown>>();
  private prunedAt = 0;
  /** Audit steps and setting answers go to D1 in batches, in order (one write in flight each). */
  private readonly auditWriter = batchWriter<Parameters<typeof auditCommandStatuses>[1][number]>((entries) =>
    auditCommandStatuses(this.host.env(), entries),
  );
  private readonly settingWriter = batchWriter<SettingAnswer>((answers) =>
    recordSettingAnswers(this.host.env(), this.host.device(), answers),
  );

  constructor(private readonly host: CommandHost) {}

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
      const outcome = known ?? (await this.wait(row));
      await this.audits.get(row.id);
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
    const outcome = outcomeOf(sent) ?? (await this.wait(sent));
    await this.audits.get(input.id);
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
    this.publish(row);
    this.audit(row, "queued");
    this.schedule(row);
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
    const sql = this.host.sql();
    const pending = kvGet<PendingDisplayConfig>(sql, PENDING_DISPLAY_CONFIG);
    if (!pending) return;
    this.setPendingDisplayConfig(pending);
    kvDelete(sql, PENDING_DISPLAY_CONFIG);
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
    for (const row of commandsIn(this.host.sql(), ["queued"])) {
      if (row.supersede_key === key) this.apply(row, { type: "supersede", now });
    }
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
    this.publish(next);
    const env = this.host.env();
    if (next.state === "acked" && before.state !== "acked" && next.action === "set-vision") {
      this.host.waitUntil(
        recordVisionReceived(env, this.host.device()).catch((e: unknown) => console.error("vision received", e)),
      );
    }
    if (next.late) this.lateScreenshot(next, full);
    // Alert rules on command failures hear each command that failed or expired.
    if ((next.state === "failed" || next.state === "expired") && before.state !== next.state) {
      this.host.waitUntil(commandFailedSignal(env, this.host.device()));
    }
    const answered = next.state === "succeeded" || next.state === "failed";
    if ((next.late || next.queued) && answered && SETTING_ACTIONS.includes(next.action)) {
      this.host.waitUntil(this.settingWriter.push(next));
    }
    const audit = auditStatusOf(before.state, next);
    if (audit) this.audit(next, audit);
    this.schedule(next);
    if (isAnswered(next.state)) this.resolve(next, full);
    const wasInFlight = before.state === "delivered" || before.state === "acked";
    if (next.queued && wasInFlight && next.state !== "delivered" && next.state !== "acked") this.deliverNext();
    return next;
  }

  /** A late screenshot (after the API said outcome_unknown) goes to R2, where a retry of its id finds it. */
  private lateScreenshot(row: CommandRow, full?: Record<string, unknown>) {
    const env = this.host.env();
    const image = full?.image_base64;
    if (row.state === "succeeded" && row.action === "screenshot" && typeof image === "string" && row.space_uuid) {
      const bytes = Uint8Array.from(atob(image), (c) => c.charCodeAt(0));
      const key = screenshotKey(row.space_uuid, this.host.device(), row.id);
      this.host.waitUntil(
        env.FILES.put(key, bytes, { httpMetadata: { contentType: "image/jpeg" } }).catch((e: unknown) =>
          console.error("late screenshot", e),
        ),
      );
    }
  }

  private resolve(row: CommandRow, full?: Record<string, unknown>) {
    const waiting = this.waiters.get(row.id);
    if (!waiting) return;
    this.waiters.delete(row.id);
    const outcome = outcomeOf(row);
    if (!outcome) return;
    const answer = outcome.status === "succeeded" && full ? { ...outcome, result: full } : outcome;
    for (const resolve of waiting) resolve(answer);
  }

  private wait(row: CommandRow): Promise<Outcome> {
    this.schedule(row);
    return new Promise((resolve) => {
      this.waiters.set(row.id, [...(this.waiters.get(row.id) ?? []), resolve]);
    });
  }

  /** An in-memory timer for a written command's verdict (exact), and the alarm for all (survives eviction). */
  private schedule(row: CommandRow) {
    const timer = this.timers.get(row.id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(row.id);
    const due = dueAt(row);
    if (due === null) return;
    if (row.state !== "queued") {
      const id = row.id;
      this.timers.set(
        id,
        setTimeout(
          () => {
            this.timers.delete(id);
            const current = loadCommand(this.host.sql(), id);
            if (current) this.apply(current, { type: "tick", now: Date.now() });
          },
          Math.max(0, due - Date.now()),
        ),
      );
    }
    this.host.waitUntil(this.host.armAlarm(due).catch((e: unknown) => console.error("command alarm", e)));
  }

  private publish(row: CommandRow) {
    const record = toRecord(row);
    this.host.toDashboards({
      type: "commandUpdate",
      id: row.id,
      action: row.action,
      status: statusOf(row.state),
      ...(row.result ? { result: row.result } : {}),
      ...(row.error ? { error: row.error } : {}),
      record,
    });
  }

  private audit(row: CommandRow, status: string) {
    if (!row.space_uuid) return;
    const work = this.auditWriter.push({
      entry: {
        space_uuid: row.space_uuid,
        device_uuid: this.host.device(),
        user_uuid: row.user_uuid,
        id: row.id,
        action: row.action,
      },
      status,
      ...(row.state === "succeeded" || !row.error ? {} : { error: row.error }),
    });
    this.audits.set(row.id, work);
    this.host.waitUntil(work);
    void work.then(() => {
      if (this.audits.get(row.id) === work) this.audits.delete(row.id);
    });
  }
}

/**
 * The frame the agent gets: the command with its deadline (the agent refuses it after) and the
 * time left until it (`ttl_ms`: a device with a skewed clock reads its deadline from arrival).
 */
const frameOf = (row: CommandRow): ServerMessage => ({
  type: "command",
  id: row.id,
  action: row.action,
  params: row.params,
  ...(row.deadline !== null ? { deadline: row.deadline, ttl_ms: Math.max(0, row.deadline - Date.now()) } : {}),
  ...(row.queued ? { ordered: true } : {}),
});

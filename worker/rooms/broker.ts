import type { CommandState } from "../../contracts/commands/queue.ts";
import { FINAL_COMMAND_STATES, OUTCOME_UNKNOWN_MESSAGE } from "../../contracts/commands/queue.ts";
import {
  COMMAND_TIMEOUT_MS,
  type Outcome,
  TIMEOUT_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from "../../contracts/commands/schema.ts";
import type { CommandAction } from "../../contracts/realtime/events.ts";

export { COMMAND_TIMEOUT_MS, type Outcome, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE };

/*
 * The DeviceRoom's command life as plain decisions (no I/O; device-commands.ts stores and sends).
 * The state machine of contracts/commands/queue.ts:
 *
 *   queued ─deliver─▶ delivered ─ack─▶ acked ─result─▶ succeeded | failed
 *     │                  │               ├─agentGone / tick past deadline─▶ in_doubt ─result─▶ succeeded | failed (late)
 *     │                  │               └─result expired─▶ expired
 *     │                  ├─tick past deadline (not acked), direct─▶ expired ─result (not expired)─▶ succeeded | failed (late)
 *     │◀─────────────────┴─tick past deadline (not acked), queued with TTL left (it did not run: offered again)
 *     ├─undeliverable (direct: no agent socket took it)─▶ unavailable
 *     ├─tick past TTL─▶ expired
 *     ├─cancel─▶ cancelled
 *     └─supersede─▶ superseded
 *
 * A direct command is created queued and delivered at once (its deadline: created + 26 s, so
 * the call is answered by 28 s, inside the browser's 30 s); a queued one gets its 30 s deadline
 * when it is delivered.
 */

/** An ack in flight at the deadline still counts: the room's verdict waits this long after it. */
export const ACK_GRACE_MS = 2_000;
/**
 * A direct call is answered within this long of its creation, whatever the agent does: the
 * browser gives up at the spec's 30 s (devices.md §9), so the server's verdict (outcome unknown,
 * or timed out) must reach it before, with room for the network. The agent's deadline is this
 * minus the ack grace, so the verdict (deadline + grace) lands here.
 */
export const DIRECT_ANSWER_MS = 28_000;
export const DIRECT_DEADLINE_MS = DIRECT_ANSWER_MS - ACK_GRACE_MS;
/**
 * An unacknowledged command is not re-delivered with less than this left before its deadline: an
 * agent starting it that late could not get its ack back before the room's verdict ("did not
 * run") if its socket dropped again.
 */
export const REDELIVER_MARGIN_MS = 5_000;
/** How long a room keeps asking a reconnecting agent about an in_doubt command. */
export const IN_DOUBT_ASK_MS = 86_400_000;
export const TTL_EXPIRED_MESSAGE = "The command's time to live passed before the device could take it.";
export const CANCELLED_MESSAGE = "The command was cancelled before it was delivered.";
export const SUPERSEDED_MESSAGE = "A newer command replaced this one before it was delivered.";
export const QUEUED_MESSAGE = "This request_id names a queued command: follow it on the device's Commands tab.";
export const AGENT_EXPIRED_MESSAGE = "The device refused the command: its deadline had passed (it did not run).";

/** A command as the DeviceRoom keeps it (its `command_log` row, times in epoch ms). */
export type CommandRow = {
  id: string;
  action: CommandAction;
  params: Record<string, unknown>;
  state: CommandState;
  /** Queued through the queue (FIFO, TTL) rather than sent directly by an API call waiting for it. */
  queued: boolean;
  supersede_key: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
  deadline: number | null;
  delivered_at: number | null;
  acked_at: number | null;
  finished_at: number | null;
  late: boolean;
  result: Record<string, unknown> | null;
  error: string | null;
  user_uuid: string | null;
  space_uuid: string | null;
};

export type CommandEvent =
  /**
   * Written to an agent socket. `ahead`: queued commands already in flight before it (an agent
   * with a queue window runs them first), each given its own 30 s: the deadline grows with it.
   */
  | { type: "deliver"; now: number; ahead?: number }
  /** No agent socket took it: a direct command is unavailable (a queued one simply stays queued). */
  | { type: "undeliverable"; now: number }
  | { type: "ack"; now: number }
  | {
      type: "result";
      now: number;
      ok: boolean;
      result?: Record<string, unknown>;
      error?: string;
      expired?: boolean;
    }
  /** No agent socket is left (or presence went offline). */
  | { type: "agentGone"; now: number }
  /** Time passed: deadlines and TTLs. */
  | { type: "tick"; now: number }
  | { type: "cancel"; now: number }
  | { type: "supersede"; now: number };

export const isFinal = (state: CommandState) => FINAL_COMMAND_STATES.includes(state);

/** States in which a direct call has its answer (final, or in_doubt: the API says so). */
export const isAnswered = (state: CommandState) => isFinal(state) || state === "in_doubt";

export function newCommand(input: {
  id: string;
  action: CommandAction;
  params: Record<string, unknown>;
  queued: boolean;
  now: number;
  ttl_ms?: number | null;
  supersede_key?: string | null;
  user_uuid: string | null;
  space_uuid: string | null;
}): CommandRow {
  return {
    id: input.id,
    action: input.action,
    params: input.params,
    state: "queued",
    queued: input.queued,
    supersede_key: input.supersede_key ?? null,
    created_at: input.now,
    updated_at: input.now,
    expires_at: input.queued && input.ttl_ms ? input.now + input.ttl_ms : null,
    deadline: null,
    delivered_at: null,
    acked_at: null,
    finished_at: null,
    late: false,
    result: null,
    error: null,
    user_uuid: input.user_uuid,
    space_uuid: input.space_uuid,
  };
}

const finish = (row: CommandRow, now: number, state: CommandState, fields: Partial<CommandRow> = {}): CommandRow => ({
  ...row,
  state,
  updated_at: now,
  finished_at: now,
  ...fields,
});

/** The result kept in storage and shown: without a screenshot's image (it goes to R2). */
export const withoutImage = ({ image_base64: _image, ...rest }: Record<string, unknown>) => rest;

function settle(row: CommandRow, event: Extract<CommandEvent, { type: "result" }>, late: boolean): CommandRow {
  const acked_at = row.acked_at ?? event.now;
  if (event.expired) return finish(row, event.now, "expired", { acked_at, late, error: AGENT_EXPIRED_MESSAGE });
  if (event.ok) {
    return finish(row, event.now, "succeeded", {
      acked_at,
      late,
      result: withoutImage(event.result ?? {}),
      error: null,
    });
  }
  return finish(row, event.now, "failed", { acked_at, late, error: event.error ?? "Action failed." });
}

/** The command after `event`, or null when the event changes nothing (late, repeated or not allowed). */
export function nextCommand(row: CommandRow, event: CommandEvent): CommandRow | null {
  const { now } = event;
  switch (event.type) {
    case "deliver":
      if (row.state !== "queued") return null;
      return {
        ...row,
        state: "delivered",
        updated_at: now,
        delivered_at: now,
        deadline: row.queued
          ? now + COMMAND_TIMEOUT_MS * (1 + (event.ahead ?? 0))
          : row.created_at + DIRECT_DEADLINE_MS,
      };
    case "undeliverable":
      if (row.state !== "queued" || row.queued) return null;
      return finish(row, now, "unavailable", { error: UNAVAILABLE_MESSAGE });
    case "ack":
      if (row.state !== "delivered") return null;
      return { ...row, state: "acked", updated_at: now, acked_at: now };
    case "result":
      if (row.state === "delivered" || row.state === "acked") return settle(row, event, false);
      if (row.state === "in_doubt") return settle(row, event, true);
      // Reported as not run (not acknowledged by the deadline) but it ran after all: the truth wins.
      if (row.state === "expired" && row.delivered_at !== null && !event.expired) return settle(row, event, true);
      return null;
    case "agentGone":
      if (row.state !== "acked") return null;
      return { ...row, state: "in_doubt", updated_at: now, error: OUTCOME_UNKNOWN_MESSAGE };
    case "tick": {
      const due = dueAt(row);
      if (due === null || due > now) return null;
      if (row.state === "queued") return finish(row, now, "expired", { error: TTL_EXPIRED_MESSAGE });
      if (row.state === "delivered" && row.queued && (row.expires_at === null || row.expires_at > now)) {
        // Not taken in its 30 s (the agent refuses it after): it did not run, and its TTL still holds.
        return { ...row, state: "queued", updated_at: now, delivered_at: null, deadline: null };
      }
      if (row.state === "delivered") return finish(row, now, "expired", { error: TIMEOUT_MESSAGE });
      return { ...row, state: "in_doubt", updated_at: now, error: OUTCOME_UNKNOWN_MESSAGE };
    }
    case "cancel":
      return row.state === "queued" ? finish(row, now, "cancelled", { error: CANCELLED_MESSAGE }) : null;
    case "supersede":
      return row.state === "queued" ? finish(row, now, "superseded", { error: SUPERSEDED_MESSAGE }) : null;
  }
}

/** When the room must look at the command again (its TTL, or its deadline and the ack grace); null: never. */
export function dueAt(row: CommandRow): number | null {
  if (row.state === "queued") return row.expires_at;
  if ((row.state === "delivered" || row.state === "acked") && row.deadline !== null) return row.deadline + ACK_GRACE_MS;
  return null;
}

/**
 * What a command's row looks like from outside the room: the answer a direct call gets, the
 * progress status dashboards see, the audit's status and the record the API and the Commands tab
 * show. Plain functions of a row (broker.ts holds the state machine).
 */
import type { CommandRecord, CommandState } from "../../contracts/commands/queue.ts";
import { OUTCOME_UNKNOWN_MESSAGE } from "../../contracts/commands/queue.ts";
import { type Outcome, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE } from "../../contracts/commands/schema.ts";
import type { CommandStatus } from "../../contracts/realtime/events.ts";
import {
  CANCELLED_MESSAGE,
  type CommandRow,
  isAnswered,
  isFinal,
  QUEUED_MESSAGE,
  SUPERSEDED_MESSAGE,
  TTL_EXPIRED_MESSAGE,
} from "./broker.ts";

/**
 * What a direct call is answered, or null while it still waits (written, no answer yet). A
 * queued command's id used by a direct call is a conflict unless it already ended in an answer.
 */
export function outcomeOf(row: CommandRow): Outcome | null {
  const received = row.acked_at !== null;
  const late = row.late ? { late: true } : {};
  switch (row.state) {
    case "succeeded":
      return { status: "succeeded", result: row.result ?? {}, received: true, ...late };
    case "failed":
      return { status: "failed", error: row.error ?? "Action failed.", received, ...late };
    case "expired":
      if (row.queued && row.delivered_at === null) return { status: "conflict", error: TTL_EXPIRED_MESSAGE, received };
      return { status: "timed_out", error: TIMEOUT_MESSAGE, received, ...late };
    case "unavailable":
      return { status: "unavailable", error: UNAVAILABLE_MESSAGE, received: false };
    case "in_doubt":
      return { status: "in_doubt", error: OUTCOME_UNKNOWN_MESSAGE, received: true };
    case "cancelled":
      return { status: "conflict", error: CANCELLED_MESSAGE, received: false };
    case "superseded":
      return { status: "conflict", error: SUPERSEDED_MESSAGE, received: false };
    default:
      return row.queued ? { status: "conflict", error: QUEUED_MESSAGE, received } : null;
  }
}

/** The progress status dashboards already know (contracts/realtime/events.ts CommandStatus) for a state. */
export function statusOf(state: CommandState): CommandStatus {
  switch (state) {
    case "queued":
    case "delivered":
      return "pending";
    case "acked":
    case "in_doubt":
      return "received";
    case "succeeded":
      return "succeeded";
    case "expired":
      return "timed_out";
    default:
      return "failed";
  }
}

/** The audit's status for a command that reached `row.state` from `before` (null: nothing to audit). */
export function auditStatusOf(before: CommandState, row: CommandRow): string | null {
  if (before === row.state) return null;
  const status = row.state === "expired" ? "timed_out" : isDryRun(row) ? "dry_run" : row.state;
  if (row.late) return `${status} late`;
  if (!row.queued) {
    // A direct call is audited once, when the API answers it (and again if a late answer follows).
    return isAnswered(row.state) ? status : null;
  }
  // A queued command: when it is issued (by the caller) and when it ends.
  return isFinal(row.state) ? (row.state === "expired" ? "expired" : status) : null;
}

/**
 * An answer that says the agent did not act (no --allow-power, no --allow-display): audited as
 * "dry_run", never "succeeded".
 */
export const isDryRun = (row: Pick<CommandRow, "state" | "result">) =>
  row.state === "succeeded" && row.result?.dry_run === true;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The record the API and the Commands tab show. */
export function toRecord(row: CommandRow): CommandRecord {
  return {
    id: row.id,
    action: row.action,
    state: row.state,
    supersede_key: row.supersede_key,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    expires_at: iso(row.expires_at),
    deadline: iso(row.deadline),
    delivered_at: iso(row.delivered_at),
    acked_at: iso(row.acked_at),
    finished_at: iso(row.finished_at),
    late: row.late,
    result: row.result,
    error: row.error,
    user_uuid: row.user_uuid,
  };
}

/**
 * The order in which a DeviceRoom offers commands to its agent: what a hello brings back, the
 * next queued commands within the agent's window, and the actions that go first. Plain functions
 * of the rows (broker.ts holds the state machine).
 */
import type { CommandAction } from "../../contracts/realtime/events.ts";
import { type CommandRow, IN_DOUBT_ASK_MS, REDELIVER_MARGIN_MS } from "./broker.ts";

/**
 * What an agent's hello brings back, in creation order: written but not acknowledged before
 * their deadline, acknowledged without an answer, and in_doubt (the agent's journal answers
 * those without running them again). A command whose deadline passed (or is less than
 * REDELIVER_MARGIN_MS away) unacknowledged is not sent.
 */
export function redeliveries(rows: readonly CommandRow[], now: number): CommandRow[] {
  return rows
    .filter(
      (r) =>
        (r.state === "delivered" && r.deadline !== null && r.deadline > now + REDELIVER_MARGIN_MS) ||
        r.state === "acked" ||
        (r.state === "in_doubt" && r.created_at > now - IN_DOUBT_ASK_MS),
    )
    .sort(byCreation);
}

/**
 * The queued commands to deliver next, oldest first (FIFO; Disable / Enable ahead of the rest), whose TTL has not passed: as many as
 * the agent's window has room for beside the queued commands in flight (delivered or
 * acknowledged). Window 1 (an agent without one): one at a time.
 */
export function nextQueued(rows: readonly CommandRow[], now: number, window = 1): CommandRow[] {
  const inFlight = queuedInFlight(rows);
  if (inFlight >= window) return [];
  return rows
    .filter((r) => r.queued && r.state === "queued" && (r.expires_at === null || r.expires_at > now))
    .sort(byPriority)
    .slice(0, window - inFlight);
}

/**
 * Actions a reconnecting device takes before anything else: a Disable (or Enable) queued for a
 * lost or stolen device must not wait behind the rest of the queue (which the agent refuses
 * anyway while disabled).
 */
export const FIRST_ACTIONS: readonly CommandAction[] = ["set-enabled"];
export const isFirst = (row: Pick<CommandRow, "action">) => FIRST_ACTIONS.includes(row.action);

const byPriority = (a: CommandRow, b: CommandRow) => Number(isFirst(b)) - Number(isFirst(a)) || byCreation(a, b);

/** How many queued commands are in flight (delivered or acknowledged): the `ahead` of the next delivery. */
export const queuedInFlight = (rows: readonly CommandRow[]) =>
  rows.filter((r) => r.queued && (r.state === "delivered" || r.state === "acked")).length;

const byCreation = (a: CommandRow, b: CommandRow) => a.created_at - b.created_at;

import type { CommandState } from "../../contracts/commands/queue.ts";
import type { CommandAction } from "../../contracts/realtime/events.ts";
import type { CommandRow } from "./broker.ts";

/** The DeviceRoom's `command_log` rows (device-storage.ts creates the table) as CommandRows. */

/** A CommandRow as SQLite holds it: JSON as text, booleans as 0/1, the enums as plain text. */
type Stored = Omit<CommandRow, "action" | "params" | "state" | "queued" | "late" | "result"> & {
  action: string;
  params: string;
  state: string;
  queued: number;
  late: number;
  result: string | null;
};

/** Every column of a CommandRow, in the table's order (the Record makes a missing one a type error). */
const COLUMN_SET: Record<keyof Stored, true> = {
  id: true,
  action: true,
  params: true,
  state: true,
  queued: true,
  supersede_key: true,
  created_at: true,
  updated_at: true,
  expires_at: true,
  deadline: true,
  delivered_at: true,
  acked_at: true,
  finished_at: true,
  late: true,
  result: true,
  error: true,
  user_uuid: true,
  space_uuid: true,
};
const COLUMNS = Object.keys(COLUMN_SET) as (keyof Stored)[];

const fromStored = (s: Stored): CommandRow => ({
  ...s,
  action: s.action as CommandAction,
  state: s.state as CommandState,
  params: JSON.parse(s.params) as Record<string, unknown>,
  queued: s.queued === 1,
  late: s.late === 1,
  result: s.result === null ? null : (JSON.parse(s.result) as Record<string, unknown>),
});

const toStored = (r: CommandRow): Stored => ({
  ...r,
  params: JSON.stringify(r.params),
  queued: r.queued ? 1 : 0,
  late: r.late ? 1 : 0,
  result: r.result === null ? null : JSON.stringify(r.result),
});

const select = `SELECT ${COLUMNS.join(", ")} FROM command_log`;

export function loadCommand(sql: SqlStorage, id: string): CommandRow | null {
  const row = sql.exec<Stored>(`${select} WHERE id = ?`, id).toArray()[0];
  return row ? fromStored(row) : null;
}

/** Rows in these states, oldest first. */
export function commandsIn(sql: SqlStorage, states: readonly CommandState[]): CommandRow[] {
  const marks = states.map(() => "?").join(", ");
  return sql
    .exec<Stored>(`${select} WHERE state IN (${marks}) ORDER BY created_at, rowid`, ...states)
    .toArray()
    .map(fromStored);
}

/** The newest `limit` commands, newest first. */
export function newestCommands(sql: SqlStorage, limit: number): CommandRow[] {
  return sql.exec<Stored>(`${select} ORDER BY created_at DESC, rowid DESC LIMIT ?`, limit).toArray().map(fromStored);
}

/** Inserts or replaces the whole row. */
export function saveCommand(sql: SqlStorage, row: CommandRow) {
  const stored = toStored(row);
  sql.exec(
    `INSERT OR REPLACE INTO command_log (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`,
    ...COLUMNS.map((c) => stored[c]),
  );
}

/**
 * Updates an existing row in place (INSERT OR REPLACE would give it a new rowid, and the rowid
 * orders commands created in the same millisecond).
 */
export function updateCommand(sql: SqlStorage, row: CommandRow) {
  const stored = toStored(row);
  const set = COLUMNS.filter((c) => c !== "id");
  sql.exec(
    `UPDATE command_log SET ${set.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`,
    ...set.map((c) => stored[c]),
    row.id,
  );
}

/** The earliest instant a command needs looking at again (TTL, deadline + grace), or null. */
export function nextCommandDue(sql: SqlStorage, graceMs: number): number | null {
  const row = sql
    .exec<{ due: number | null }>(
      `SELECT MIN(due) AS due FROM (
         SELECT MIN(expires_at) AS due FROM command_log WHERE state = 'queued' AND expires_at IS NOT NULL
         UNION ALL
         SELECT MIN(deadline) + ? AS due FROM command_log WHERE state IN ('delivered', 'acked') AND deadline IS NOT NULL
       )`,
      graceMs,
    )
    .toArray()[0];
  return row?.due ?? null;
}

/** Commands whose TTL or deadline (+ grace) passed by `now`, oldest first. */
export function dueCommands(sql: SqlStorage, now: number, graceMs: number): CommandRow[] {
  return sql
    .exec<Stored>(
      `${select} WHERE (state = 'queued' AND expires_at IS NOT NULL AND expires_at <= ?)
         OR (state IN ('delivered', 'acked') AND deadline IS NOT NULL AND deadline + ? <= ?)
       ORDER BY created_at, rowid`,
      now,
      graceMs,
      now,
    )
    .toArray()
    .map(fromStored);
}

/** Forgets ended commands untouched for `keepMs` (a retry within it is still answered). */
export function pruneCommands(sql: SqlStorage, now: number, keepMs: number) {
  sql.exec(
    "DELETE FROM command_log WHERE state NOT IN ('queued', 'delivered', 'acked') AND updated_at < ?",
    now - keepMs,
  );
}

/** Ended commands are kept a week: a retry within it is answered, never run again; the Commands tab shows them. */
export const KEEP_COMMANDS_MS = 7 * 86_400_000;
/** The Commands tab lists at most this many. */
export const COMMAND_LIST_LIMIT = 200;
/** Ended commands are pruned at most this often (an alarm may come every 25 s). */
export const PRUNE_EVERY_MS = 3_600_000;

import type { CommandList, CommandRecord } from "@contracts/commands/queue";
import { FINAL_COMMAND_STATES } from "@contracts/commands/queue-values";

/** The list route answers at most 200 commands; the cache keeps no more than that either. */
export const KEPT_COMMAND_ROWS = 200;

const at = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};
const isFinal = (record: CommandRecord) => FINAL_COMMAND_STATES.includes(record.state);

/** Whether `next` may replace `known`: never an older record, nor a non-final one over a final one of the same instant. */
function isNewer(known: CommandRecord, next: CommandRecord): boolean {
  const diff = at(next.updated_at) - at(known.updated_at);
  if (diff !== 0) return diff > 0;
  return !(isFinal(known) && !isFinal(next));
}

/**
 * The cached Commands list with a command's new record (a commandUpdate frame of the device room,
 * or a reply of queue/cancel): the row with its id is replaced, a new one goes to its place in
 * the newest-first order. Frames may arrive out of order, so a record older than the cached one
 * changes nothing. The same object when nothing changes; undefined when nothing is cached yet (the
 * tab fetches the list when it opens).
 */
export function upsertCommand(list: CommandList | undefined, record: CommandRecord): CommandList | undefined {
  if (!list) return list;
  const known = list.commands.find((row) => row.id === record.id);
  if (known) {
    if (!isNewer(known, record)) return list;
    return { ...list, commands: list.commands.map((row) => (row.id === record.id ? record : row)) };
  }
  const created = at(record.created_at);
  const place = list.commands.findIndex((row) => at(row.created_at) < created);
  const commands = [...list.commands];
  commands.splice(place < 0 ? commands.length : place, 0, record);
  return { ...list, commands: commands.slice(0, KEPT_COMMAND_ROWS) };
}

/** How many commands still wait in the queue (what "Cancel all queued" cancels). */
export const queuedCount = (list: CommandList | undefined) =>
  list?.commands.filter((row) => row.state === "queued").length ?? 0;

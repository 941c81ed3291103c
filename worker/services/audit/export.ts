import { sql } from "drizzle-orm";
import type { AuditExportQuery } from "../../../contracts/audit/schema.ts";
import { auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import type { Db } from "../../lib/db.ts";
import { auditWhere, ENTRY_SELECT, type StoredEntry, toEntry } from "./queries.ts";

/** Rows read per query while streaming: large enough to keep D1 round trips few. */
const CHUNK = 5000;

export const CSV_COLUMNS = [
  "seq",
  "created_at",
  "actor_kind",
  "actor_uuid",
  "actor_name",
  "actor_device_uuid",
  "action",
  "target_type",
  "target_uuid",
  "target_name",
  "before",
  "after",
  "request_id",
  "client_address",
  "user_agent",
  "bytes_in",
  "bytes_out",
  "recording_path",
  "hash",
] as const satisfies readonly (keyof StoredEntry)[];

const NEEDS_QUOTES = /[",\r\n]/;
/** A CSV field; a leading = + - @ is prefixed with ' so a spreadsheet does not run it as a formula. */
export const csvField = (value: unknown) => {
  if (value == null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const csvLine = (row: StoredEntry) => `${CSV_COLUMNS.map((c) => csvField(row[c])).join(",")}\r\n`;
export const jsonLine = (row: StoredEntry) => `${JSON.stringify(toEntry(row))}\n`;

/**
 * The space's entries the filters select, oldest first, as a stream of CSV or JSON Lines: read in
 * chunks by sequence as the client reads, so any range streams in bounded memory.
 */
export function exportAudit(db: Db, spaceUuid: string, q: AuditExportQuery) {
  const where = auditWhere(spaceUuid, q);
  const encoder = new TextEncoder();
  const line = q.format === "csv" ? csvLine : jsonLine;
  let after = 0;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = "";
      if (!started && q.format === "csv") text = `${CSV_COLUMNS.join(",")}\r\n`;
      started = true;
      const rows = await db.all<StoredEntry>(
        sql`select ${ENTRY_SELECT} from ${auditLogTable} where ${where} and seq > ${after} order by seq limit ${CHUNK}`,
      );
      for (const row of rows) text += line(row);
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      if (rows.length < CHUNK || last?.seq == null) controller.close();
      else after = last.seq;
    },
  });
  const extension = q.format === "csv" ? "csv" : "jsonl";
  return {
    body,
    filename: `audit_export.${extension}`,
    contentType: q.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
  };
}

import { type SQL, sql } from "drizzle-orm";
import type { AuditEntry, AuditFilters, AuditList, AuditListQuery } from "../../../contracts/audit/schema.ts";
import { auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import type { Db } from "../../lib/db.ts";
import { spaceIs } from "../kernel/audit.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A LIKE prefix pattern of user text, its wildcards escaped (with `escape '\'`). */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The filters as SQL conditions, always within the space. */
export function auditWhere(spaceUuid: string, f: AuditFilters): SQL {
  const parts: SQL[] = [spaceIs(spaceUuid)];
  if (f.actor) {
    parts.push(
      UUID.test(f.actor)
        ? sql`(actor_uuid = ${f.actor} or actor_user_uuid = ${f.actor} or actor_device_uuid = ${f.actor})`
        : sql`actor_name like ${prefix(f.actor)} escape '\\'`,
    );
  }
  if (f.actor_kind) parts.push(sql`actor_kind = ${f.actor_kind}`);
  if (f.action) parts.push(sql`action like ${prefix(f.action)} escape '\\'`);
  if (f.target) {
    parts.push(
      UUID.test(f.target) ? sql`entity_uuid = ${f.target}` : sql`entity_name like ${prefix(f.target)} escape '\\'`,
    );
  }
  if (f.target_type) parts.push(sql`entity_type = ${f.target_type}`);
  if (f.device) parts.push(sql`(entity_uuid = ${f.device} or actor_device_uuid = ${f.device})`);
  if (f.from) parts.push(sql`created_at >= ${new Date(f.from).toISOString()}`);
  if (f.to) parts.push(sql`created_at < ${new Date(f.to).toISOString()}`);
  return sql.join(parts, sql` and `);
}

/** The stored row as the API shows it (entity_* are the target_*). */
export type StoredEntry = {
  uuid: string;
  seq: number | null;
  created_at: string;
  actor_kind: AuditEntry["actor_kind"];
  actor_uuid: string | null;
  actor_name: string | null;
  actor_device_uuid: string | null;
  action: string;
  target_type: string;
  target_uuid: string | null;
  target_name: string | null;
  before: string | null;
  after: string | null;
  request_id: string | null;
  client_address: string | null;
  user_agent: string | null;
  bytes_in: number | null;
  bytes_out: number | null;
  recording_path: string | null;
  hash: string | null;
};

export const ENTRY_SELECT = sql.raw(
  "uuid, seq, created_at, actor_kind, actor_uuid, actor_name, actor_device_uuid, action, entity_type as target_type, entity_uuid as target_uuid, entity_name as target_name, before, after, request_id, client_address, user_agent, bytes_in, bytes_out, recording_path, hash",
);

const parseJson = (text: string | null): unknown => {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export const toEntry = (row: StoredEntry): AuditEntry => ({
  ...row,
  before: parseJson(row.before),
  after: parseJson(row.after),
});

/** A page of the space's entries, newest (highest sequence) first, from `cursor` down. */
export async function listAudit(db: Db, spaceUuid: string, q: AuditListQuery): Promise<AuditList> {
  const where = auditWhere(spaceUuid, q);
  const rows = await db.all<StoredEntry>(
    sql`select ${ENTRY_SELECT} from ${auditLogTable} where ${where} ${q.cursor ? sql`and seq < ${q.cursor}` : sql``}
        order by seq desc limit ${q.limit + 1}`,
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    next_cursor: rows.length > q.limit && last?.seq != null ? last.seq : null,
  };
}

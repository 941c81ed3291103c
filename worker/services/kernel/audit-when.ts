import { is, SQL, sql } from "drizzle-orm";
import { auditLogTable } from "../../../drizzle/schema/index.ts";
import type { Db } from "../../lib/db.ts";
import { type AuditEntry, auditColumns, nextSeq } from "./audit.ts";

/** A value as its JSON text; an SQL expression (which must give JSON text) as it is, read when the batch runs. */
const asJson = (value: unknown) =>
  is(value, SQL) ? value : value === undefined || value === null ? null : JSON.stringify(value);

/**
 * The audit insert of a change that lands only if `condition` holds when the batch runs (e.g. the
 * credential this request inserted exists), so a request that lost a race leaves no entry. An
 * INSERT … SELECT in the table's column order (drizzle names every column, in order). `before` or `after` may be an SQL expression giving the
 * JSON text (e.g. the row's state as the batch finds it).
 */
export const auditInsertWhen = (db: Db, e: AuditEntry, condition: SQL) => {
  const c = auditColumns(e);
  return db.insert(auditLogTable).select(
    sql`select ${crypto.randomUUID()} as uuid, ${c.space_uuid} as space_uuid, ${c.actor_user_uuid} as actor_user_uuid,
        ${c.actor_device_uuid} as actor_device_uuid, ${c.actor_kind} as actor_kind, ${c.actor_uuid} as actor_uuid,
        ${c.actor_name} as actor_name, ${c.action} as action, ${c.entity_type} as entity_type,
        ${c.entity_uuid} as entity_uuid, ${c.entity_name} as entity_name, ${asJson(e.before)} as before,
        ${asJson(e.after)} as after, ${c.request_id} as request_id, ${c.client_address} as client_address,
        ${c.user_agent} as user_agent, ${c.bytes_in} as bytes_in, ${c.bytes_out} as bytes_out,
        ${c.recording_path} as recording_path, ${nextSeq(e.spaceUuid)} as seq, null as prev_hash, null as hash,
        ${new Date().toISOString()} as created_at where ${condition}`,
  );
};

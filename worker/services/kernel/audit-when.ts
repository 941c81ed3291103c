import { is, SQL, sql } from "drizzle-orm";
import { auditLogTable } from "../../../drizzle/schema/index.ts";
import type { Db } from "../../lib/db.ts";
import type { AuditEntry } from "./audit.ts";

/** A value as its JSON text; an SQL expression (which must give JSON text) as it is, read when the batch runs. */
const asJson = (value: unknown) =>
  is(value, SQL) ? value : value === undefined || value === null ? null : JSON.stringify(value);

/**
 * The audit insert of a change that lands only if `condition` holds when the batch runs (e.g. the
 * credential this request inserted exists), so a request that lost a race leaves no entry. An
 * INSERT … SELECT in table column order: uuid, space_uuid, actor_user_uuid, actor_device_uuid,
 * action, entity_type, entity_uuid, before, after, created_at. `before` or `after` may be an SQL
 * expression giving the JSON text (e.g. the row's state as the batch finds it).
 */
export const auditInsertWhen = (db: Db, e: AuditEntry, condition: SQL) =>
  db.insert(auditLogTable).select(
    sql`select ${crypto.randomUUID()}, ${e.spaceUuid}, ${e.actorUserUuid ?? null}, ${e.actorDeviceUuid ?? null},
        ${e.action}, ${e.entityType}, ${e.entityUuid ?? null}, ${asJson(e.before)},
        ${asJson(e.after)}, ${new Date().toISOString()} where ${condition}`,
  );

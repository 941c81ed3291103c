import { desc, eq, type SQL } from "drizzle-orm";
import { auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import { userTable } from "../../../drizzle/schema/index.ts";
import { type Db, namedFields } from "../../lib/db.ts";
import { pageReads, readPage } from "../../lib/paging.ts";

export type AuditEntry = {
  spaceUuid: string | null;
  actorUserUuid?: string | null;
  actorDeviceUuid?: string | null;
  action: string;
  entityType: string;
  entityUuid?: string | null;
  before?: unknown;
  after?: unknown;
};

/** The audit insert, to put in the same db.batch as the mutation it records. */
export const auditInsert = (db: Db, e: AuditEntry) =>
  db.insert(auditLogTable).values({
    space_uuid: e.spaceUuid,
    actor_user_uuid: e.actorUserUuid ?? null,
    actor_device_uuid: e.actorDeviceUuid ?? null,
    action: e.action,
    entity_type: e.entityType,
    entity_uuid: e.entityUuid ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
  });

/**
 * One page of the audit entries `where` selects, newest first (uuid breaking ties), each with its
 * author user's uuid, name and e-mail (null for an entry an agent or the system wrote), and the
 * paging info.
 */
export const readAuditPage = (
  ctx: { db: Db },
  input: { url: string; page: number; page_size: number },
  where: SQL | undefined,
) => readPage(ctx, input, { table: auditLogTable, where }, (window) => auditRows(ctx, where, window));

/** readAuditPage's reads, for a batch with more reads (then pageFrom of their results). */
export const auditPageReads = (
  ctx: { db: Db },
  input: { url: string; page: number; page_size: number },
  where: SQL | undefined,
) => pageReads<AuditRow>(ctx, input, { table: auditLogTable, where }, (window) => auditRows(ctx, where, window));

type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

const auditRows = (ctx: { db: Db }, where: SQL | undefined, { limit, offset }: { limit: number; offset: number }) =>
  ctx.db
    .select(
      namedFields({
        uuid: auditLogTable.uuid,
        action: auditLogTable.action,
        created_at: auditLogTable.created_at,
        before: auditLogTable.before,
        after: auditLogTable.after,
        actor_uuid: userTable.uuid,
        actor_display_name: userTable.display_name,
        actor_email: userTable.email,
        actor_device_uuid: auditLogTable.actor_device_uuid,
      }),
    )
    .from(auditLogTable)
    .leftJoin(userTable, eq(userTable.uuid, auditLogTable.actor_user_uuid))
    .where(where)
    .orderBy(desc(auditLogTable.created_at), desc(auditLogTable.uuid))
    .limit(limit)
    .offset(offset);

import type { AppEnv, Env, UserRow } from "../../env.ts";
import type { Db } from "../../lib/db.ts";
import { type AuditEntry, auditInsert } from "../kernel/audit.ts";

/**
 * What the Admin Panel's services take: no space. Applications and runners are global, and the
 * routes have already checked the caller's flags (super_admin / sys_dev).
 */
export type AdminCtx = { db: Db; env: Env; user: UserRow };

export const adminCtx = (c: { env: AppEnv["Bindings"]; var: AppEnv["Variables"] }): AdminCtx => ({
  db: c.var.db,
  env: c.env,
  user: c.var.user,
});

/**
 * The audit insert of an Admin Panel change (put it in the change's db.batch). Global records
 * have no space: the entry's space_uuid is null (audit_log allows it for global events), and
 * the history of a record is read by entity_type and entity_uuid.
 */
export const auditAdmin = (ctx: AdminCtx, entry: Omit<AuditEntry, "spaceUuid" | "actorUserUuid">) =>
  auditInsert(ctx.db, { spaceUuid: null, actorUserUuid: ctx.user.uuid, ...entry });

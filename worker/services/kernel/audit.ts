import { auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import type { Db } from "../../lib/db.ts";

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

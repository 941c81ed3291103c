import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import {
  alertChannelTable,
  alertRuleTable,
  cameraTable,
  deviceTable,
  locationGroupTable,
  locationTable,
  spaceTable,
  tagTable,
  userTable,
} from "../../../drizzle/schema/index.ts";
import { type Db, namedFields } from "../../lib/db.ts";
import { pageReads, readPage } from "../../lib/paging.ts";
import { type AuditActorKind, currentAuditContext } from "./audit-context.ts";

export type AuditEntry = {
  spaceUuid: string | null;
  actorUserUuid?: string | null;
  actorDeviceUuid?: string | null;
  /** Default: the request's principal, else "account" with actorUserUuid, else "system". */
  actorKind?: AuditActorKind;
  actorUuid?: string | null;
  actorName?: string | null;
  action: string;
  entityType: string;
  entityUuid?: string | null;
  /** The target's name at the time. */
  entityName?: string | null;
  before?: unknown;
  after?: unknown;
  /** Defaults: the request's (worker/services/kernel/audit-context.ts); a room passes its own. */
  requestId?: string | null;
  clientAddress?: string | null;
  userAgent?: string | null;
  /** A remote session's bytes: device → operator, operator → device. */
  bytesIn?: number | null;
  bytesOut?: number | null;
  /** A remote session's recording: the console path that replays it. */
  recordingPath?: string | null;
};

/** The space's condition: global entries (no space) form their own chain. */
export const spaceIs = (spaceUuid: string | null) =>
  spaceUuid === null ? sql`${auditLogTable.space_uuid} is null` : sql`${auditLogTable.space_uuid} = ${spaceUuid}`;

/**
 * The entry's next sequence in its space, read when the batch runs: a D1 batch is one transaction
 * and D1 runs one at a time, so two batches never read the same max (and the unique index on
 * (space_uuid, seq) would fail the second if they did). The min/max optimisation reads it from the index.
 */
export const nextSeq = (spaceUuid: string | null) =>
  sql`(select coalesce(max(${sql.raw("seq")}), 0) + 1 from ${auditLogTable} where ${spaceIs(spaceUuid)})`;

const NAME_KEYS = ["name", "display_name", "space_name", "email"] as const;
/** A target's name from the fields the entry records (most call sites log the row's own fields). */
const nameIn = (value: unknown): string | null => {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  for (const key of NAME_KEYS) {
    const name = record[key];
    if (typeof name === "string" && name) return name.slice(0, 256);
  }
  return null;
};

/** Where a target's name is read when the caller gave none: its key and name columns. */
const NAMED_TARGETS: Record<string, [key: SQLiteColumn, name: SQLiteColumn]> = {
  device: [deviceTable.uuid, deviceTable.name],
  location: [locationTable.uuid, locationTable.name],
  location_group: [locationGroupTable.uuid, locationGroupTable.name],
  tag: [tagTable.uuid, tagTable.name],
  camera: [cameraTable.uuid, cameraTable.name],
  alert_rule: [alertRuleTable.uuid, alertRuleTable.name],
  alert_channel: [alertChannelTable.uuid, alertChannelTable.name],
  user: [userTable.uuid, userTable.email],
  space: [spaceTable.space_uuid, spaceTable.space_name],
};

/**
 * The target's name at the time: the caller's, else the name the entry's fields carry, else the
 * row's as the batch finds it (one primary-key read; none for a row the batch already deleted).
 */
function targetName(e: AuditEntry): string | SQL | null {
  const known = e.entityName ?? nameIn(e.after) ?? nameIn(e.before);
  if (known) return known;
  const target = NAMED_TARGETS[e.entityType];
  if (!target || !e.entityUuid) return null;
  const [key, name] = target;
  return sql`(select ${name} from ${key.table} where ${key} = ${e.entityUuid})`;
}

/** The columns an entry stores, with the request's context filled in where the caller gave none. */
export function auditColumns(e: AuditEntry) {
  const context = currentAuditContext();
  context?.touched.add(e.spaceUuid);
  const actor = e.actorKind ? null : context?.actor();
  const kind: AuditActorKind = e.actorKind ?? actor?.kind ?? (e.actorUserUuid ? "account" : "system");
  return {
    space_uuid: e.spaceUuid,
    actor_user_uuid: e.actorUserUuid ?? null,
    actor_device_uuid: e.actorDeviceUuid ?? null,
    actor_kind: kind,
    actor_uuid: e.actorUuid ?? actor?.uuid ?? e.actorUserUuid ?? null,
    actor_name: e.actorName ?? actor?.name ?? null,
    action: e.action,
    entity_type: e.entityType,
    entity_uuid: e.entityUuid ?? null,
    entity_name: targetName(e),
    request_id: e.requestId ?? context?.requestId ?? null,
    client_address: e.clientAddress ?? context?.clientAddress ?? null,
    user_agent: e.userAgent ?? context?.userAgent ?? null,
    bytes_in: e.bytesIn ?? null,
    bytes_out: e.bytesOut ?? null,
    recording_path: e.recordingPath ?? null,
  };
}

/** The audit insert, to put in the same db.batch as the mutation it records. */
export const auditInsert = (db: Db, e: AuditEntry) =>
  db.insert(auditLogTable).values({
    ...auditColumns(e),
    before: e.before ?? null,
    after: e.after ?? null,
    seq: nextSeq(e.spaceUuid),
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

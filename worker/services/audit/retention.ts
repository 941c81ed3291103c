import { and, eq, sql } from "drizzle-orm";
import { auditAnchorTable, auditLogTable, auditSettingsTable } from "../../../drizzle/schema/audit-log.ts";
import type { Db } from "../../lib/db.ts";
import { auditInsert, spaceIs } from "../kernel/audit.ts";
import { chainSpace, spaceKey } from "./chain.ts";

export const DEFAULT_RETENTION_DAYS = 400;
const DAY_MS = 86_400_000;
/** Rows deleted per statement: D1 bounds a statement's work. */
const DELETE_CHUNK = 5000;

export async function retentionDays(db: Db, spaceUuid: string) {
  const row = await db
    .select({ days: auditSettingsTable.retention_days })
    .from(auditSettingsTable)
    .where(eq(auditSettingsTable.space_uuid, spaceUuid))
    .get();
  return row?.days ?? DEFAULT_RETENTION_DAYS;
}

/**
 * Removes the space's entries older than its retention, as a prefix of the chain: the prune
 * anchor (the last removed entry's sequence and hash) is written first, so verification starts
 * from it, then the prefix is deleted (an interrupted delete leaves rows below the anchor, which
 * verify skips). An entry written after the cutoff ends the prefix, older ones behind it wait.
 */
export async function pruneSpace(db: Db, spaceUuid: string, now: Date) {
  await chainSpace(db, spaceUuid);
  const cutoff = new Date(now.getTime() - (await retentionDays(db, spaceUuid)) * DAY_MS).toISOString();
  const firstKept = await db.get<{ seq: number | null }>(
    sql`select min(seq) as seq from ${auditLogTable} where ${spaceIs(spaceUuid)} and created_at >= ${cutoff}`,
  );
  const maxSeq = await db.get<{ seq: number | null }>(
    sql`select max(seq) as seq from ${auditLogTable} where ${spaceIs(spaceUuid)} and hash is not null`,
  );
  const lastPruned = firstKept?.seq != null ? firstKept.seq - 1 : (maxSeq?.seq ?? 0);
  if (lastPruned < 1) return { pruned: 0 };
  const anchor = await db
    .select({ seq: auditLogTable.seq, hash: auditLogTable.hash })
    .from(auditLogTable)
    .where(and(spaceIs(spaceUuid), eq(auditLogTable.seq, lastPruned)))
    .get();
  if (!anchor?.hash || anchor.seq == null) return { pruned: 0 };
  const key = spaceKey(spaceUuid);
  await db.batch([
    db
      .insert(auditAnchorTable)
      .values({ space_key: key, kind: "prune", day: "prune", seq: anchor.seq, hash: anchor.hash })
      .onConflictDoUpdate({
        target: [auditAnchorTable.space_key, auditAnchorTable.kind, auditAnchorTable.day],
        set: { seq: anchor.seq, hash: anchor.hash },
      }),
    auditInsert(db, {
      spaceUuid,
      actorKind: "system",
      action: "audit.prune",
      entityType: "audit_log",
      after: { through_seq: anchor.seq, before: cutoff },
    }),
  ]);
  let pruned = 0;
  for (;;) {
    const result = await db.run(
      sql`delete from ${auditLogTable} where rowid in (select rowid from ${auditLogTable} where ${spaceIs(spaceUuid)} and seq <= ${anchor.seq} limit ${DELETE_CHUNK})`,
    );
    const changes = result.meta.changes ?? 0;
    pruned += changes;
    if (changes < DELETE_CHUNK) break;
  }
  return { pruned, through_seq: anchor.seq };
}

import { and, desc, eq, sql } from "drizzle-orm";
import { auditAnchorTable, auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import type { Db } from "../../lib/db.ts";
import { spaceIs } from "../kernel/audit.ts";
import { spaceKey } from "./chain.ts";

/** Where a space's daily anchor lives in R2: outside D1, so editing D1 cannot rewrite it. */
export const anchorKey = (spaceUuid: string | null, day: string) => `audit-anchors/${spaceKey(spaceUuid)}/${day}.json`;

/**
 * Writes the anchor (the last hashed entry's sequence and hash) of every finished UTC day since
 * the last anchored one, to R2 and to D1. Run after chaining; `now` decides which days are finished.
 */
export async function writeDailyAnchors(db: Db, files: R2Bucket, spaceUuid: string | null, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const key = spaceKey(spaceUuid);
  const last = await db
    .select({ day: auditAnchorTable.day })
    .from(auditAnchorTable)
    .where(and(eq(auditAnchorTable.space_key, key), eq(auditAnchorTable.kind, "daily")))
    .orderBy(desc(auditAnchorTable.day))
    .limit(1)
    .get();
  const from = last ? `${last.day}T99` : "";
  const days = await db.all<{ day: string; seq: number }>(
    sql`select substr(created_at, 1, 10) as day, max(seq) as seq from ${auditLogTable}
        where ${spaceIs(spaceUuid)} and created_at > ${from} and created_at < ${today} and hash is not null
        group by day order by day`,
  );
  const written: { day: string; seq: number; hash: string }[] = [];
  for (const { day, seq } of days) {
    const row = await db
      .select({ hash: auditLogTable.hash })
      .from(auditLogTable)
      .where(and(spaceIs(spaceUuid), eq(auditLogTable.seq, seq)))
      .get();
    if (!row?.hash) continue;
    const anchor = { space: key, day, seq, hash: row.hash };
    await files.put(anchorKey(spaceUuid, day), JSON.stringify(anchor), {
      httpMetadata: { contentType: "application/json" },
    });
    await db
      .insert(auditAnchorTable)
      .values({ space_key: key, kind: "daily", day, seq, hash: row.hash })
      .onConflictDoNothing();
    written.push({ day, seq, hash: row.hash });
  }
  return written;
}

/** The space's daily anchors as R2 keeps them (the copies verify trusts), oldest first. */
export async function readR2Anchors(files: R2Bucket, spaceUuid: string | null) {
  const prefix = `audit-anchors/${spaceKey(spaceUuid)}/`;
  const anchors: { day: string; seq: number; hash: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await files.list({ prefix, cursor });
    for (const object of page.objects) {
      const body = await files.get(object.key);
      if (!body) continue;
      const value = (await body.json()) as { day?: unknown; seq?: unknown; hash?: unknown };
      if (typeof value.seq === "number" && typeof value.hash === "string" && typeof value.day === "string") {
        anchors.push({ day: value.day, seq: value.seq, hash: value.hash });
      }
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return anchors.sort((a, b) => a.day.localeCompare(b.day));
}

import { and, eq, isNull, sql } from "drizzle-orm";
import { auditAnchorTable, auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import type { Db } from "../../lib/db.ts";
import { spaceIs } from "../kernel/audit.ts";

/** The prev_hash of a space's first entry. */
export const GENESIS = "0".repeat(64);
/** Anchors of global entries (no space) are kept under this key. */
export const spaceKey = (spaceUuid: string | null) => spaceUuid ?? "global";

/** An entry's stored text as the hash covers it: before/after as the JSON text D1 holds. */
export type ChainRow = {
  uuid: string;
  space_uuid: string | null;
  seq: number;
  actor_kind: string | null;
  actor_uuid: string | null;
  actor_user_uuid: string | null;
  actor_device_uuid: string | null;
  actor_name: string | null;
  action: string;
  entity_type: string;
  entity_uuid: string | null;
  entity_name: string | null;
  before: string | null;
  after: string | null;
  request_id: string | null;
  client_address: string | null;
  user_agent: string | null;
  bytes_in: number | null;
  bytes_out: number | null;
  recording_path: string | null;
  created_at: string;
  prev_hash: string | null;
  hash: string | null;
};

const CONTENT_COLUMNS = [
  "uuid",
  "space_uuid",
  "seq",
  "actor_kind",
  "actor_uuid",
  "actor_user_uuid",
  "actor_device_uuid",
  "actor_name",
  "action",
  "entity_type",
  "entity_uuid",
  "entity_name",
  "before",
  "after",
  "request_id",
  "client_address",
  "user_agent",
  "bytes_in",
  "bytes_out",
  "recording_path",
  "created_at",
] as const satisfies readonly (keyof ChainRow)[];

export const CHAIN_SELECT = sql.raw(`${CONTENT_COLUMNS.join(", ")}, prev_hash, hash`);

const hex = (buffer: ArrayBuffer) => {
  const bytes = new Uint8Array(buffer);
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
};
const encoder = new TextEncoder();

/** SHA-256 of the entry's content (a JSON array in a fixed column order) and the previous hash. */
export async function entryHash(row: ChainRow, prevHash: string): Promise<string> {
  const content = JSON.stringify(CONTENT_COLUMNS.map((column) => row[column] ?? null));
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(`${content}\n${prevHash}`)));
}

/** Where a space's chain starts: after its prune anchor, or at the genesis. */
export async function chainStart(db: Db, spaceUuid: string | null) {
  const anchor = await db
    .select({ seq: auditAnchorTable.seq, hash: auditAnchorTable.hash })
    .from(auditAnchorTable)
    .where(and(eq(auditAnchorTable.space_key, spaceKey(spaceUuid)), eq(auditAnchorTable.kind, "prune")))
    .get();
  return anchor ?? { seq: 0, hash: GENESIS };
}

/** Entries of a space after `afterSeq`, in sequence order, at most `limit`. */
export const chainRows = (db: Db, spaceUuid: string | null, afterSeq: number, limit: number) =>
  db.all<ChainRow>(
    sql`select ${CHAIN_SELECT} from ${auditLogTable} where ${spaceIs(spaceUuid)} and seq > ${afterSeq} order by seq limit ${limit}`,
  );

const PAGE = 500;

/**
 * Hashes a space's unhashed entries in sequence order, from its last hashed one. Chaining is
 * deterministic (the content and the previous hash decide the hash), so two chainers racing write
 * the same values and neither needs a lock: each update also requires `hash is null`. A gap in the
 * sequence stops it; verify names it. Returns how many entries it hashed.
 */
export async function chainSpace(db: Db, spaceUuid: string | null): Promise<number> {
  const last = await db
    .select({ seq: auditLogTable.seq, hash: auditLogTable.hash })
    .from(auditLogTable)
    .where(and(spaceIs(spaceUuid), sql`hash is not null`))
    .orderBy(sql`seq desc`)
    .limit(1)
    .get();
  let prev = last?.seq != null && last.hash ? { seq: last.seq, hash: last.hash } : await chainStart(db, spaceUuid);
  let hashed = 0;
  for (;;) {
    const rows = await chainRows(db, spaceUuid, prev.seq, PAGE);
    const updates = [];
    for (const row of rows) {
      if (row.seq !== prev.seq + 1 || row.hash) break;
      const hash = await entryHash(row, prev.hash);
      updates.push(
        db
          .update(auditLogTable)
          .set({ prev_hash: prev.hash, hash })
          .where(and(eq(auditLogTable.uuid, row.uuid), isNull(auditLogTable.hash))),
      );
      prev = { seq: row.seq, hash };
    }
    if (updates.length) {
      const [first, ...rest] = updates;
      if (first) await db.batch([first, ...rest]);
      hashed += updates.length;
    }
    if (updates.length < PAGE) return hashed;
  }
}

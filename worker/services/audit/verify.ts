import { and, eq } from "drizzle-orm";
import { auditAnchorTable } from "../../../drizzle/schema/audit-log.ts";
import type { Db } from "../../lib/db.ts";
import { chainRows, chainSpace, chainStart, entryHash, spaceKey } from "./chain.ts";

export type VerifyResult = {
  ok: boolean;
  /** Entries whose hash was recomputed. */
  checked: number;
  first_seq: number | null;
  last_seq: number | null;
  /** The first sequence whose entry is missing, edited or out of chain; null when all hold. */
  first_broken_seq: number | null;
  reason: string | null;
  /** Daily anchors compared with the chain. */
  anchors_checked: number;
};

const PAGE = 1000;

/**
 * Chains what is unchained, then recomputes the space's chain from its start (the genesis or the
 * prune anchor) and compares each entry's sequence, previous hash and hash, then the daily anchors
 * (`anchors`: the R2 copies, which a D1 editor cannot rewrite, else D1's). Names the first broken sequence.
 */
export async function verifyChain(
  db: Db,
  spaceUuid: string | null,
  anchors?: readonly { seq: number; hash: string }[],
): Promise<VerifyResult> {
  await chainSpace(db, spaceUuid);
  const start = await chainStart(db, spaceUuid);
  const daily =
    anchors ??
    (await db
      .select({ seq: auditAnchorTable.seq, hash: auditAnchorTable.hash })
      .from(auditAnchorTable)
      .where(and(eq(auditAnchorTable.space_key, spaceKey(spaceUuid)), eq(auditAnchorTable.kind, "daily"))));
  const expected = new Map(daily.filter((a) => a.seq > start.seq).map((a) => [a.seq, a.hash]));
  const result: VerifyResult = {
    ok: true,
    checked: 0,
    first_seq: null,
    last_seq: null,
    first_broken_seq: null,
    reason: null,
    anchors_checked: 0,
  };
  const broken = (seq: number, reason: string) => ({ ...result, ok: false, first_broken_seq: seq, reason });
  let prev = start;
  for (;;) {
    const rows = await chainRows(db, spaceUuid, prev.seq, PAGE);
    for (const row of rows) {
      if (row.seq !== prev.seq + 1) return broken(prev.seq + 1, "An entry is missing.");
      if (row.prev_hash !== prev.hash) return broken(row.seq, "The entry does not follow the one before it.");
      const hash = await entryHash(row, prev.hash);
      if (row.hash !== hash) return broken(row.seq, "The entry was changed after it was written.");
      const anchored = expected.get(row.seq);
      if (anchored !== undefined) {
        if (anchored !== hash) return broken(row.seq, "The entry differs from its daily anchor.");
        result.anchors_checked++;
      }
      result.checked++;
      result.first_seq ??= row.seq;
      result.last_seq = row.seq;
      prev = { seq: row.seq, hash };
    }
    if (rows.length < PAGE) break;
  }
  // An anchor past the chain's end: its entries were cut off the end.
  const beyond = [...expected.keys()].filter((seq) => seq > prev.seq);
  if (beyond.length) return broken(prev.seq + 1, "Entries anchored by a daily anchor are missing.");
  return result;
}

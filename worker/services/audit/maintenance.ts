import { sql } from "drizzle-orm";
import { auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import { pause } from "../../lib/poll.ts";
import { writeDailyAnchors } from "./anchors.ts";
import { chainSpace } from "./chain.ts";
import { pruneSpace } from "./retention.ts";

/** After a request: chain the entries it wrote, and anchor any day that ended since the last anchor. */
export async function chainSpaces(c: { env: Env }, spaces: Iterable<string | null>, now = new Date()) {
  const db = createDb(c.env);
  for (const space of spaces) {
    await chainSpace(db, space);
    await writeDailyAnchors(db, c.env.FILES, space, now);
  }
}

/**
 * How long after a request its spaces' chain pass starts (ms). The requests of a burst (an API
 * client's bulk edits, an operator's quick renames) share one pass instead of five statements
 * each, and the pass stays out of the way of the change's own fan-out to the dashboards.
 */
export const CHAIN_AFTER_MS = 200;

/** Spaces (by key) whose pass is scheduled in this isolate and has not started yet. */
const scheduled = new Set<string>();
const keyOf = (space: string | null) => space ?? "";

/**
 * After a request: chains its spaces CHAIN_AFTER_MS later, unless a pass of this isolate that
 * has not started yet will (it starts after this request's entries were written, so it covers
 * them). A pass already running may have read before them: this request then schedules its own.
 * A pass that fails leaves the entries to the next read, verify or daily run, as any chainer does.
 */
export async function chainSoon(
  c: { env: Env },
  spaces: Iterable<string | null>,
  deps: { wait?: (ms: number) => Promise<unknown>; chain?: typeof chainSpaces } = {},
) {
  const due = [...spaces].filter((space) => !scheduled.has(keyOf(space)));
  if (!due.length) return;
  for (const space of due) scheduled.add(keyOf(space));
  try {
    await (deps.wait ?? pause)(CHAIN_AFTER_MS);
  } finally {
    for (const space of due) scheduled.delete(keyOf(space));
  }
  await (deps.chain ?? chainSpaces)(c, due);
}

/** The daily run (cron): every space's chain completed, its finished days anchored, its old entries pruned. */
export async function auditDaily(env: Env, now: Date) {
  const db = createDb(env);
  const spaces = await db.all<{ space_uuid: string | null }>(sql`select distinct space_uuid from ${auditLogTable}`);
  for (const { space_uuid } of spaces) {
    await chainSpace(db, space_uuid);
    await writeDailyAnchors(db, env.FILES, space_uuid, now);
    if (space_uuid) await pruneSpace(db, space_uuid, now);
  }
}

import { sql } from "drizzle-orm";
import { auditLogTable } from "../../../drizzle/schema/audit-log.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
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

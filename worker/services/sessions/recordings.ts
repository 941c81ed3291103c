import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import type { TunnelKind } from "../../../contracts/remote-actions/tunnel.ts";
import { recordingPrefix } from "../../../contracts/sessions/schema.ts";
import { sessionRecordingTable as r } from "../../../drizzle/schema/index.ts";
import type { Env, SpaceCtx } from "../../env.ts";
import { createDb, type Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { auditInsert } from "../kernel/audit.ts";
import { readSessionPolicy } from "./policy.ts";

/** The console page that replays a recording (the audit entry's link). */
export const recordingPath = (space: string, device: string, session: string) =>
  `/devices/device/view/${space}/${device}/recording/${session}`;

export const recordingInsert = (
  db: Db,
  row: { session: string; space_uuid: string; device_uuid: string; user_uuid: string; kind: TunnelKind },
) => db.insert(r).values(row).onConflictDoNothing();

export const recordingEnd = (db: Db, input: { session: string; bytes: number; chunks: number }) =>
  db
    .update(r)
    .set({ ended_at: new Date().toISOString(), bytes: input.bytes, chunks: input.chunks })
    .where(eq(r.session, input.session));

const notFound = () => new ApiError("not_found", "Recording not found.");

export async function listRecordings({ ctx, input }: { ctx: SpaceCtx; input: { device_uuid?: string } }) {
  const items = await ctx.db
    .select({
      session: r.session,
      kind: r.kind,
      device_uuid: r.device_uuid,
      user_uuid: r.user_uuid,
      created_at: r.created_at,
      bytes: r.bytes,
      chunks: r.chunks,
    })
    .from(r)
    .where(
      and(eq(r.space_uuid, ctx.space.space_uuid), input.device_uuid ? eq(r.device_uuid, input.device_uuid) : undefined),
    )
    .orderBy(desc(r.created_at))
    .limit(200);
  return { items };
}

async function requireRecording(ctx: SpaceCtx, session: string) {
  const row = await ctx.db
    .select()
    .from(r)
    .where(and(eq(r.space_uuid, ctx.space.space_uuid), eq(r.session, session)))
    .get();
  if (!row) throw notFound();
  return row;
}

/**
 * A recording as one stream: its chunks in order (R2 lists keys in lexicographic order, and the
 * sequence numbers are zero-padded). A running session's recording ends with its last chunk.
 */
export async function readRecording({ ctx, input }: { ctx: SpaceCtx; input: { session: string } }) {
  const row = await requireRecording(ctx, input.session);
  const bucket = ctx.env.FILES;
  const prefix = recordingPrefix(row.space_uuid, row.session);
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  keys.sort();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const pump = (async () => {
    for (const key of keys) {
      const object = await bucket.get(key);
      if (!object) continue;
      await object.body.pipeTo(writable, { preventClose: true });
    }
    await writable.close();
  })();
  return { row, body: readable, done: pump };
}

async function deleteObjects(bucket: R2Bucket, space: string, session: string) {
  const prefix = recordingPrefix(space, session);
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    if (page.objects.length) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

const deletionAudit = (
  db: Db,
  row: typeof r.$inferSelect,
  actor: { user_uuid: string | null; reason: "by_hand" | "retention" },
) =>
  auditInsert(db, {
    spaceUuid: row.space_uuid,
    actorUserUuid: actor.user_uuid,
    action: "device.recording.delete",
    entityType: "recording",
    entityUuid: row.session,
    before: {
      device_uuid: row.device_uuid,
      session: row.session,
      recording_path: recordingPath(row.space_uuid, row.device_uuid, row.session),
      kind: row.kind,
      created_at: row.created_at,
    },
    after: { reason: actor.reason },
  });

/** Deletes a recording by hand (Admin); audited. */
export async function deleteRecording({ ctx, input }: { ctx: SpaceCtx; input: { session: string } }) {
  const row = await requireRecording(ctx, input.session);
  await ctx.db.batch([
    ctx.db.delete(r).where(eq(r.session, row.session)),
    deletionAudit(ctx.db, row, { user_uuid: ctx.user.uuid, reason: "by_hand" }),
  ]);
  await deleteObjects(ctx.env.FILES, row.space_uuid, row.session);
}

/**
 * Deletes the space's ended recordings older than its retention at `now`; each deletion is audited
 * (by the system). Runs after a read of the list and every day for every space (pruneAllRecordings).
 * Returns how many went (at most 50).
 */
export async function pruneRecordings(env: Env, space_uuid: string, now: Date): Promise<number> {
  const db = createDb(env);
  const policy = await readSessionPolicy(db, space_uuid);
  const cutoff = new Date(now.getTime() - policy.recording.retention_days * 86_400_000).toISOString();
  const old = await db
    .select()
    .from(r)
    .where(and(eq(r.space_uuid, space_uuid), isNotNull(r.ended_at), lt(r.created_at, cutoff)))
    .limit(50);
  if (old.length === 0) return 0;
  await db.batch([
    ...old.map((row) => db.delete(r).where(eq(r.session, row.session))),
    ...old.map((row) => deletionAudit(db, row, { user_uuid: null, reason: "retention" })),
  ] as [ReturnType<typeof deletionAudit>, ...ReturnType<typeof deletionAudit>[]]);
  for (const row of old) await deleteObjects(env.FILES, row.space_uuid, row.session);
  return old.length;
}

/** The daily run (cron): every space with recordings loses those past its retention at `now`. */
export async function pruneAllRecordings(env: Env, now: Date): Promise<number> {
  const spaces = await createDb(env).selectDistinct({ space_uuid: r.space_uuid }).from(r);
  let pruned = 0;
  for (const { space_uuid } of spaces) {
    // 50 at a time: a space that kept a year of sessions is emptied over a few rounds, not one batch.
    for (let round = 0; round < 40; round++) {
      const gone = await pruneRecordings(env, space_uuid, now);
      pruned += gone;
      if (gone < 50) break;
    }
  }
  return pruned;
}

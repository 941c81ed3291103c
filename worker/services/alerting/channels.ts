import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import {
  type Channel,
  type ChannelInput,
  type ChannelPatch,
  type ChannelTestResult,
  channelTargetValid,
} from "../../../contracts/alerting/schema.ts";
import { alertRuleTable, alertChannelTable as ch, alertNotificationTable as n } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { readPage } from "../../lib/paging.ts";
import { auditChange } from "../kernel/scope.ts";
import { defaultDeps, send } from "./deliver.ts";
import { sealSecret } from "./secret.ts";
import { newSecret } from "./signature.ts";

/*
 * Notification channels (Admin-managed): e-mail or signed webhook. The secret is write-only; the
 * delivery counts, the dead-lettered count and the last error are what the channel page shows.
 */

type ChannelRow = typeof ch.$inferSelect;
const NOT_FOUND = "Channel not found.";

const pendingCounts = (ctx: SpaceCtx) =>
  ctx.db
    .select({ channel: n.channel_uuid, n: count() })
    .from(n)
    .where(and(eq(n.space_uuid, ctx.space.space_uuid), eq(n.state, "pending")))
    .groupBy(n.channel_uuid);

const channelOf = (row: ChannelRow, pending: number): Channel => ({
  uuid: row.uuid,
  name: row.name,
  kind: row.kind,
  target: row.target,
  has_secret: row.secret !== null && row.secret !== "",
  enabled: row.enabled,
  delivered_count: row.delivered_count,
  pending_count: pending,
  dead_lettered_count: row.dead_count,
  last_error: row.last_error,
  last_error_at: row.last_error_at,
  last_delivered_at: row.last_delivered_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function listChannels({ ctx }: { ctx: SpaceCtx }) {
  const [rows, pending] = await ctx.db.batch([
    ctx.db.select().from(ch).where(eq(ch.space_uuid, ctx.space.space_uuid)).orderBy(asc(ch.name), asc(ch.uuid)),
    pendingCounts(ctx),
  ]);
  const byChannel = new Map(pending.map((p) => [p.channel, p.n]));
  return { channels: rows.map((row) => channelOf(row, byChannel.get(row.uuid) ?? 0)) };
}

async function channelRow(ctx: SpaceCtx, uuid: string): Promise<ChannelRow> {
  const [row] = await ctx.db
    .select()
    .from(ch)
    .where(and(eq(ch.uuid, uuid), eq(ch.space_uuid, ctx.space.space_uuid)));
  if (!row) throw new ApiError("not_found", NOT_FOUND);
  return row;
}

export async function getChannel({ ctx, input }: { ctx: SpaceCtx; input: { uuid: string } }) {
  const row = await channelRow(ctx, input.uuid);
  const [pending] = await ctx.db
    .select({ n: count() })
    .from(n)
    .where(and(eq(n.channel_uuid, row.uuid), eq(n.state, "pending")));
  return channelOf(row, pending?.n ?? 0);
}

export async function addChannel({ ctx, input }: { ctx: SpaceCtx; input: ChannelInput }) {
  const uuid = crypto.randomUUID();
  const generated = input.kind === "webhook" && !input.secret ? newSecret() : null;
  const secret = input.kind === "webhook" ? (input.secret ?? generated) : null;
  const [rows] = await ctx.db.batch([
    ctx.db
      .insert(ch)
      .values({
        uuid,
        space_uuid: ctx.space.space_uuid,
        name: input.name,
        kind: input.kind,
        target: input.target,
        secret: secret ? await sealSecret(ctx.env, uuid, secret) : null,
        enabled: input.enabled ?? true,
      })
      .returning(),
    auditChange(ctx, {
      action: "alert_channel.create",
      entityType: "alert_channel",
      entityUuid: uuid,
      after: { name: input.name, kind: input.kind, target: input.target },
    }),
  ]);
  return { ...channelOf(rows[0], 0), secret: generated };
}

export async function editChannel({ ctx, input }: { ctx: SpaceCtx; input: ChannelPatch & { uuid: string } }) {
  const before = await channelRow(ctx, input.uuid);
  if (input.target !== undefined && !channelTargetValid(before.kind, input.target)) {
    throw new ApiError("validation_error", "Invalid target.", {
      target: ["Enter a valid URL (webhook) or e-mail addresses separated by commas (e-mail)."],
    });
  }
  const set: Partial<ChannelRow> = { updated_at: new Date().toISOString() };
  if (input.name !== undefined) set.name = input.name;
  if (input.target !== undefined) set.target = input.target;
  if (input.enabled !== undefined) set.enabled = input.enabled;
  if (input.secret !== undefined && before.kind === "webhook")
    set.secret = await sealSecret(ctx.env, before.uuid, input.secret);
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(ch)
      .set(set)
      .where(and(eq(ch.uuid, before.uuid), eq(ch.space_uuid, ctx.space.space_uuid)))
      .returning(),
    auditChange(ctx, {
      action: "alert_channel.update",
      entityType: "alert_channel",
      entityUuid: before.uuid,
      before: { name: before.name, target: before.target, enabled: before.enabled },
      after: { name: set.name, target: set.target, enabled: set.enabled, secret_changed: input.secret !== undefined },
    }),
  ]);
  return getChannel({ ctx, input: { uuid: rows[0].uuid } });
}

export async function deleteChannel({ ctx, input }: { ctx: SpaceCtx; input: { uuid: string } }) {
  const before = await channelRow(ctx, input.uuid);
  await ctx.db.batch([
    ctx.db.delete(ch).where(and(eq(ch.uuid, before.uuid), eq(ch.space_uuid, ctx.space.space_uuid))),
    // Rules stop naming it.
    ctx.db
      .update(alertRuleTable)
      .set({
        channels: sql`(select coalesce(json_group_array(value), '[]') from json_each(${alertRuleTable.channels}) where value <> ${before.uuid})`,
      })
      .where(
        and(
          eq(alertRuleTable.space_uuid, ctx.space.space_uuid),
          sql`exists (select 1 from json_each(${alertRuleTable.channels}) where value = ${before.uuid})`,
        ),
      ),
    auditChange(ctx, {
      action: "alert_channel.delete",
      entityType: "alert_channel",
      entityUuid: before.uuid,
      before: { name: before.name, kind: before.kind, target: before.target },
    }),
  ]);
}

/** "Send test notification": sent at once (not queued), answered with what the receiver said. */
export async function testChannel({
  ctx,
  input,
  deps = defaultDeps,
}: {
  ctx: SpaceCtx;
  input: { uuid: string };
  deps?: typeof defaultDeps;
}): Promise<ChannelTestResult> {
  const row = await channelRow(ctx, input.uuid);
  const started = Date.now();
  const sent = await send(
    ctx.env,
    row,
    {
      kind: "test",
      idempotency_key: `test:${row.uuid}:${crypto.randomUUID()}`,
      space: { uuid: ctx.space.space_uuid, name: ctx.space.space_name },
      incidents: [],
      origin: "",
    },
    deps,
  );
  return { ok: sent.ok, status: sent.status, body: sent.body, error: sent.error, duration_ms: Date.now() - started };
}

export async function listNotifications({
  ctx,
  input,
}: {
  ctx: SpaceCtx;
  input: { uuid: string; state?: "pending" | "delivered" | "dead"; page: number; page_size: number; url: string };
}) {
  const row = await channelRow(ctx, input.uuid);
  const where = and(
    eq(n.channel_uuid, row.uuid),
    eq(n.space_uuid, ctx.space.space_uuid),
    input.state ? eq(n.state, input.state) : undefined,
  );
  const { rows, info } = await readPage(ctx, input, { table: n, where }, ({ limit, offset }) =>
    ctx.db.select().from(n).where(where).orderBy(desc(n.created_at), desc(n.uuid)).limit(limit).offset(offset),
  );
  return {
    notifications: rows.map((r) => ({
      uuid: r.uuid,
      idempotency_key: r.idempotency_key,
      kind: r.kind,
      incident_uuid: r.incident_uuid,
      subject: r.subject,
      state: r.state,
      attempts: r.attempts,
      last_error: r.last_error,
      created_at: r.created_at,
      delivered_at: r.delivered_at,
    })),
    ...info,
  };
}

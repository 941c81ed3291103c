import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { IncidentDetail, IncidentQuery, TimelineEntry } from "../../../contracts/alerting/schema.ts";
import {
  bellSeenTable,
  incidentEventTable as ev,
  incidentTable as i,
  locationGroupLocationTable,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { pageInfo } from "../../lib/paging.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { type IncidentRow, incidentEventOf, incidentOf } from "./records.ts";
import { alertForget } from "./signal.ts";

/*
 * The Incidents page and the bell: incidents listed open (and acknowledged) first, oldest first,
 * then the rest newest first; one incident with its timeline; acknowledge and resolve with a note.
 */

const NOT_FOUND = "Incident not found.";
/** A display link narrowed to a group or location sees that part's incidents only. */
export type ReadScope = { group: string | null; location: string | null } | null;

const scopeWhere = (scope: ReadScope): SQL | undefined => {
  if (scope?.location) return eq(i.location_uuid, scope.location);
  if (scope?.group)
    return inArray(
      i.location_uuid,
      sql`(select ${locationGroupLocationTable.location_uuid} from ${locationGroupLocationTable} where ${locationGroupLocationTable.location_group_uuid} = ${scope.group})`,
    );
  return undefined;
};

const rowOf = (row: typeof i.$inferSelect) => incidentOf(row as unknown as IncidentRow);
const live = sql`case when ${i.state} in ('open', 'acknowledged') then 0 else 1 end`;

export async function listIncidents({
  ctx,
  input,
  scope = null,
}: {
  ctx: SpaceCtx;
  input: z.output<typeof IncidentQuery> & { url: string };
  scope?: ReadScope;
}) {
  const where = and(
    eq(i.space_uuid, ctx.space.space_uuid),
    input.state.length ? inArray(i.state, input.state) : undefined,
    input.location ? eq(i.location_uuid, input.location) : undefined,
    input.rule ? eq(i.rule_uuid, input.rule) : undefined,
    input.from ? gte(i.opened_at, new Date(input.from).toISOString()) : undefined,
    input.to ? lt(i.opened_at, new Date(input.to).toISOString()) : undefined,
    scopeWhere(scope),
  );
  const offset = (input.page - 1) * input.page_size;
  const [counted, rows, active] = await ctx.db.batch([
    ctx.db.select({ n: count() }).from(i).where(where),
    ctx.db
      .select()
      .from(i)
      .where(where)
      // Open first, oldest first (the wall's order); the rest newest first.
      .orderBy(asc(live), sql`case when ${live} = 0 then ${i.opened_at} end asc`, desc(i.opened_at), desc(i.uuid))
      .limit(input.page_size)
      .offset(offset),
    ctx.db
      .select({ n: count() })
      .from(i)
      .where(
        and(eq(i.space_uuid, ctx.space.space_uuid), inArray(i.state, ["open", "acknowledged"]), scopeWhere(scope)),
      ),
  ]);
  return {
    incidents: rows.map(rowOf),
    ...pageInfo(input.url, input.page, input.page_size, counted[0]?.n ?? 0),
    active_count: active[0]?.n ?? 0,
  };
}

async function incidentRow(ctx: SpaceCtx, uuid: string, scope: ReadScope = null) {
  const [row] = await ctx.db
    .select()
    .from(i)
    .where(and(eq(i.uuid, uuid), eq(i.space_uuid, ctx.space.space_uuid), scopeWhere(scope)));
  if (!row) throw new ApiError("not_found", NOT_FOUND);
  return row;
}

export async function getIncident({
  ctx,
  input,
  scope = null,
}: {
  ctx: SpaceCtx;
  input: { uuid: string };
  scope?: ReadScope;
}): Promise<IncidentDetail> {
  const row = await incidentRow(ctx, input.uuid, scope);
  const events = await ctx.db
    .select()
    .from(ev)
    .where(and(eq(ev.incident_uuid, row.uuid), eq(ev.space_uuid, ctx.space.space_uuid)))
    .orderBy(asc(ev.id))
    .limit(2000);
  const timeline: TimelineEntry[] = events.map((e) => ({
    at: e.at,
    kind: e.kind,
    device: e.device_uuid ? { uuid: e.device_uuid, name: e.device_name ?? "" } : null,
    account: e.account_uuid ? { uuid: e.account_uuid, name: e.account_name ?? "" } : null,
    channel:
      e.channel_uuid && e.channel_kind
        ? { uuid: e.channel_uuid, name: e.channel_name ?? "", kind: e.channel_kind }
        : null,
    note: e.note,
  }));
  return { ...rowOf(row), timeline };
}

const who = (ctx: SpaceCtx) => ({
  uuid: ctx.account.account_uuid,
  name: ctx.user.display_name || ctx.user.full_name || ctx.user.email,
});

/** Acknowledge (open or suppressed) or resolve (anything not resolved) by hand, with a note. */
export async function actOnIncident({
  ctx,
  input,
}: {
  ctx: SpaceCtx;
  input: { uuid: string; action: "acknowledge" | "resolve"; note?: string };
}): Promise<IncidentDetail> {
  const before = await incidentRow(ctx, input.uuid);
  if (before.state === "resolved") throw new ApiError("conflict", "The incident is already resolved.");
  if (input.action === "acknowledge" && before.state === "acknowledged") {
    throw new ApiError("conflict", "The incident is already acknowledged.");
  }
  const now = new Date().toISOString();
  const by = who(ctx);
  const note = input.note?.trim() || null;
  const set =
    input.action === "acknowledge"
      ? {
          state: "acknowledged" as const,
          acknowledged_by_uuid: by.uuid,
          acknowledged_by_name: by.name,
          acknowledged_at: now,
        }
      : { state: "resolved" as const, resolved_by_uuid: by.uuid, resolved_by_name: by.name, resolved_at: now };
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(i)
      .set({ ...set, ...(note ? { note } : {}), updated_at: now })
      .where(and(eq(i.uuid, before.uuid), eq(i.space_uuid, ctx.space.space_uuid), ne(i.state, "resolved")))
      .returning(),
    ctx.db.insert(ev).values({
      space_uuid: ctx.space.space_uuid,
      incident_uuid: before.uuid,
      at: now,
      kind: input.action === "acknowledge" ? "acknowledged" : "resolved",
      account_uuid: by.uuid,
      account_name: by.name,
      note,
    }),
  ]);
  const row = updated[0];
  if (!row) throw new ApiError("conflict", "The incident is already resolved.");
  if (input.action === "resolve") await alertForget(ctx.env, ctx.space.space_uuid, row.location_uuid, row.uuid);
  const incident = rowOf(row);
  try {
    await publishToSpace(ctx.env, ctx.space.space_uuid, incidentEventOf(ctx.space.space_uuid, incident, false));
  } catch (error) {
    console.error("incident publish failed", error);
  }
  return getIncident({ ctx, input: { uuid: row.uuid } });
}

const BELL_SIZE = 50;
const BELL_KINDS = ["opened", "acknowledged", "resolved", "suppressed"] as const;

/** The bell: the latest incident events of the space, and how many the caller has not seen. */
export async function bellFeed({
  ctx,
  scope = null,
  markSeen = false,
}: {
  ctx: SpaceCtx;
  scope?: ReadScope;
  markSeen?: boolean;
}) {
  const now = new Date().toISOString();
  if (markSeen) {
    await ctx.db
      .insert(bellSeenTable)
      .values({ user_uuid: ctx.user.uuid, space_uuid: ctx.space.space_uuid, seen_at: now })
      .onConflictDoUpdate({ target: [bellSeenTable.user_uuid, bellSeenTable.space_uuid], set: { seen_at: now } });
  }
  const [items, seen] = await ctx.db.batch([
    // Named once each: D1 returns a batch's rows keyed by column name.
    ctx.db
      .select({ kind: ev.kind, at: ev.at, incident: getTableColumns(i) })
      .from(ev)
      .innerJoin(i, eq(i.uuid, ev.incident_uuid))
      .where(and(eq(ev.space_uuid, ctx.space.space_uuid), inArray(ev.kind, [...BELL_KINDS]), scopeWhere(scope)))
      .orderBy(desc(ev.id))
      .limit(BELL_SIZE),
    ctx.db
      .select({ seen_at: bellSeenTable.seen_at })
      .from(bellSeenTable)
      .where(and(eq(bellSeenTable.user_uuid, ctx.user.uuid), eq(bellSeenTable.space_uuid, ctx.space.space_uuid))),
  ]);
  const seenAt = seen[0]?.seen_at ?? null;
  return {
    items: items.map(({ kind, at, incident }) => {
      const inc = rowOf(incident);
      return {
        incident_uuid: inc.uuid,
        kind: kind as (typeof BELL_KINDS)[number],
        at,
        opened_at: inc.opened_at,
        state: inc.state,
        rule_name: inc.rule.name,
        location: inc.location,
        devices_count: inc.devices_count,
      };
    }),
    unread: items.filter(({ at }) => seenAt === null || at > seenAt).length,
    seen_at: seenAt,
  };
}

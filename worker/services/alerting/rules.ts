import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import {
  type AlertRule,
  AlertRuleInput,
  type AlertRulePatch,
  type AlertScope,
} from "../../../contracts/alerting/schema.ts";
import {
  alertChannelTable,
  deviceTable,
  incidentTable,
  locationTable,
  alertRuleTable as r,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { auditChange } from "../kernel/scope.ts";
import { alertRefresh } from "./signal.ts";

/*
 * Alert rules of a space (Admin-managed). A change is audited and told at once to the location
 * rooms it may concern (they otherwise re-read rules within CONTEXT_TTL_MS).
 */

type RuleRow = typeof r.$inferSelect;
const NOT_FOUND = "Alert rule not found.";

const ruleOf = (row: RuleRow, open: number): AlertRule => ({
  uuid: row.uuid,
  name: row.name,
  condition: row.condition,
  scope: row.scope,
  duration_s: row.duration_s,
  channels: row.channels,
  enabled: row.enabled,
  open_incidents: open,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const openCounts = (ctx: SpaceCtx) =>
  ctx.db
    .select({ rule: incidentTable.rule_uuid, n: count() })
    .from(incidentTable)
    .where(and(eq(incidentTable.space_uuid, ctx.space.space_uuid), ne(incidentTable.state, "resolved")))
    .groupBy(incidentTable.rule_uuid);

export async function listRules({ ctx }: { ctx: SpaceCtx }) {
  const [rows, counts] = await ctx.db.batch([
    ctx.db.select().from(r).where(eq(r.space_uuid, ctx.space.space_uuid)).orderBy(asc(r.name), asc(r.uuid)),
    openCounts(ctx),
  ]);
  const open = new Map(counts.map((c) => [c.rule, c.n]));
  return { rules: rows.map((row) => ruleOf(row, open.get(row.uuid) ?? 0)) };
}

export async function getRule({ ctx, input }: { ctx: SpaceCtx; input: { uuid: string } }) {
  const [rows, counts] = await ctx.db.batch([
    ctx.db
      .select()
      .from(r)
      .where(and(eq(r.uuid, input.uuid), eq(r.space_uuid, ctx.space.space_uuid))),
    openCounts(ctx),
  ]);
  const row = rows[0];
  if (!row) throw new ApiError("not_found", NOT_FOUND);
  return ruleOf(row, counts.find((c) => c.rule === row.uuid)?.n ?? 0);
}

/** Channel uuids must be this space's. */
async function checkChannels(ctx: SpaceCtx, uuids: readonly string[]) {
  if (uuids.length === 0) return;
  const found = await ctx.db
    .select({ uuid: alertChannelTable.uuid })
    .from(alertChannelTable)
    .where(and(eq(alertChannelTable.space_uuid, ctx.space.space_uuid), inArray(alertChannelTable.uuid, [...uuids])));
  if (found.length !== new Set(uuids).size) {
    throw new ApiError("validation_error", "Invalid channel.", { channels: ["Choose channels of this space."] });
  }
}

/** The locations a rule of `scope` may concern (for the rooms to re-read their rules). */
async function locationsFor(ctx: SpaceCtx, scope: AlertScope | null): Promise<string[]> {
  if (scope?.kind === "locations") return scope.uuids;
  const rows = await ctx.db
    .selectDistinct({ uuid: locationTable.uuid })
    .from(locationTable)
    .innerJoin(deviceTable, eq(deviceTable.location_uuid, locationTable.uuid))
    .where(and(eq(locationTable.space_uuid, ctx.space.space_uuid), eq(deviceTable.connected_status, "connected")));
  return rows.map((row) => row.uuid);
}

type Deferred = { defer: (work: Promise<unknown>) => void };

export async function addRule({ ctx, input, defer }: { ctx: SpaceCtx; input: AlertRuleInput } & Deferred) {
  const parsed = AlertRuleInput.parse(input);
  await checkChannels(ctx, parsed.channels);
  const uuid = crypto.randomUUID();
  const [rows] = await ctx.db.batch([
    ctx.db
      .insert(r)
      .values({ uuid, space_uuid: ctx.space.space_uuid, ...parsed })
      .returning(),
    auditChange(ctx, { action: "alert_rule.create", entityType: "alert_rule", entityUuid: uuid, after: parsed }),
  ]);
  const locations = await locationsFor(ctx, parsed.scope);
  defer(alertRefresh(ctx.env, ctx.space.space_uuid, locations));
  return ruleOf(rows[0], 0);
}

export async function editRule({
  ctx,
  input,
  defer,
}: { ctx: SpaceCtx; input: AlertRulePatch & { uuid: string } } & Deferred) {
  const before = await getRule({ ctx, input });
  const { uuid, ...patch } = input;
  if (patch.channels) await checkChannels(ctx, patch.channels);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const [rows] = await ctx.db.batch([
    ctx.db
      .update(r)
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where(and(eq(r.uuid, uuid), eq(r.space_uuid, ctx.space.space_uuid)))
      .returning(),
    auditChange(ctx, {
      action: "alert_rule.update",
      entityType: "alert_rule",
      entityUuid: uuid,
      before,
      after: changes,
    }),
  ]);
  const locations = new Set([...(await locationsFor(ctx, before.scope)), ...(await locationsFor(ctx, rows[0].scope))]);
  defer(alertRefresh(ctx.env, ctx.space.space_uuid, [...locations]));
  return ruleOf(rows[0], before.open_incidents);
}

export async function deleteRule({ ctx, input, defer }: { ctx: SpaceCtx; input: { uuid: string } } & Deferred) {
  const before = await getRule({ ctx, input });
  await ctx.db.batch([
    ctx.db.delete(r).where(and(eq(r.uuid, input.uuid), eq(r.space_uuid, ctx.space.space_uuid))),
    auditChange(ctx, { action: "alert_rule.delete", entityType: "alert_rule", entityUuid: input.uuid, before }),
  ]);
  // The rooms resolve the rule's incidents when they read rules without it.
  const live = await ctx.db
    .selectDistinct({ uuid: incidentTable.location_uuid })
    .from(incidentTable)
    .where(and(eq(incidentTable.rule_uuid, input.uuid), ne(incidentTable.state, "resolved")));
  defer(
    alertRefresh(
      ctx.env,
      ctx.space.space_uuid,
      live.map((l) => l.uuid),
    ),
  );
}

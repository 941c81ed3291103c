import { and, desc, eq, gt, lte, or, type SQL } from "drizzle-orm";
import type { MaintenanceInput, MaintenanceWindow } from "../../../contracts/alerting/schema.ts";
import {
  deviceTable,
  deviceTagTable,
  locationGroupLocationTable,
  locationGroupTable,
  locationTable,
  locationTagTable,
  maintenanceWindowTable as m,
  tagTable,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { auditChange } from "../kernel/scope.ts";
import { locationsOfScope } from "./context.ts";
import { alertRefresh } from "./signal.ts";

/*
 * Maintenance windows on a location, a group or a tag: incidents inside them are recorded as
 * suppressed and not notified. Every change is audited and told to the rooms of the locations
 * the window covers, so suppression starts and ends on time.
 */

type Row = typeof m.$inferSelect;
const NOT_FOUND = "Maintenance window not found.";
type Deferred = { defer: (work: Promise<unknown>) => void };

const windowOf = (row: Row, now: number): MaintenanceWindow => ({
  uuid: row.uuid,
  scope: { kind: row.scope_kind, uuid: row.scope_uuid, name: row.scope_name },
  start: row.start,
  end: row.end,
  reason: row.reason,
  created_by: row.created_by_uuid ? { uuid: row.created_by_uuid, name: row.created_by_name ?? "" } : null,
  created_at: row.created_at,
  active: Date.parse(row.start) <= now && now < Date.parse(row.end),
});

/** The windows' conditions covering a location (itself, its groups, its tags) and, for a device, its tags. */
async function coveringOf(ctx: SpaceCtx, input: { location?: string; device?: string }): Promise<SQL | undefined> {
  let location = input.location ?? null;
  const tags: string[] = [];
  if (input.device) {
    const [device] = await ctx.db
      .select({ location: deviceTable.location_uuid })
      .from(deviceTable)
      .where(and(eq(deviceTable.uuid, input.device), eq(deviceTable.space_uuid, ctx.space.space_uuid)));
    if (!device) throw new ApiError("not_found", "Device not found.");
    location = device.location;
    const rows = await ctx.db
      .select({ tag: deviceTagTable.tag_uuid })
      .from(deviceTagTable)
      .where(eq(deviceTagTable.device_uuid, input.device));
    tags.push(...rows.map((r) => r.tag));
  }
  if (!location && !input.device) return undefined;
  const [groups, locationTags] = location
    ? await ctx.db.batch([
        ctx.db
          .select({ uuid: locationGroupLocationTable.location_group_uuid })
          .from(locationGroupLocationTable)
          .where(eq(locationGroupLocationTable.location_uuid, location)),
        ctx.db
          .select({ uuid: locationTagTable.tag_uuid })
          .from(locationTagTable)
          .where(eq(locationTagTable.location_uuid, location)),
      ])
    : [[], []];
  const conditions: SQL[] = [];
  if (location) conditions.push(and(eq(m.scope_kind, "location"), eq(m.scope_uuid, location)) as SQL);
  for (const g of groups) conditions.push(and(eq(m.scope_kind, "group"), eq(m.scope_uuid, g.uuid)) as SQL);
  for (const t of [...locationTags.map((r) => r.uuid), ...tags])
    conditions.push(and(eq(m.scope_kind, "tag"), eq(m.scope_uuid, t)) as SQL);
  return conditions.length ? or(...conditions) : eq(m.uuid, "");
}

export async function listMaintenance({
  ctx,
  input,
}: {
  ctx: SpaceCtx;
  input: { active: boolean; location?: string; device?: string };
}) {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const rows = await ctx.db
    .select()
    .from(m)
    .where(
      and(
        eq(m.space_uuid, ctx.space.space_uuid),
        input.active ? and(lte(m.start, at), gt(m.end, at)) : undefined,
        await coveringOf(ctx, input),
      ),
    )
    .orderBy(desc(m.start), desc(m.uuid))
    .limit(500);
  return { windows: rows.map((r) => windowOf(r, now)) };
}

/** The name of the window's target, which must be this space's. */
async function scopeName(ctx: SpaceCtx, kind: "location" | "group" | "tag", uuid: string): Promise<string> {
  const table = kind === "location" ? locationTable : kind === "group" ? locationGroupTable : tagTable;
  const [row] = await ctx.db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.uuid, uuid), eq(table.space_uuid, ctx.space.space_uuid)));
  if (!row) {
    const what = kind === "location" ? "Location" : kind === "group" ? "Location group" : "Tag";
    throw new ApiError("validation_error", `${what} not found.`, { scope_uuid: [`${what} not found.`] });
  }
  return row.name;
}

const norm = (s: string) => new Date(s).toISOString();

export async function addMaintenance({ ctx, input, defer }: { ctx: SpaceCtx; input: MaintenanceInput } & Deferred) {
  const name = await scopeName(ctx, input.scope_kind, input.scope_uuid);
  const uuid = crypto.randomUUID();
  const values = {
    uuid,
    space_uuid: ctx.space.space_uuid,
    scope_kind: input.scope_kind,
    scope_uuid: input.scope_uuid,
    scope_name: name,
    start: norm(input.start),
    end: norm(input.end),
    reason: input.reason.trim(),
    created_by_uuid: ctx.account.account_uuid,
    created_by_name: ctx.user.display_name || ctx.user.full_name || ctx.user.email,
  };
  const [rows] = await ctx.db.batch([
    ctx.db.insert(m).values(values).returning(),
    auditChange(ctx, {
      action: "maintenance_window.create",
      entityType: "maintenance_window",
      entityUuid: uuid,
      after: values,
    }),
  ]);
  await refreshCovered(ctx, rows[0], defer);
  return windowOf(rows[0], Date.now());
}

async function refreshCovered(ctx: SpaceCtx, row: Row, defer: Deferred["defer"]) {
  const locations = await locationsOfScope(ctx.env, ctx.space.space_uuid, {
    kind: row.scope_kind,
    uuid: row.scope_uuid,
  });
  defer(alertRefresh(ctx.env, ctx.space.space_uuid, locations));
}

async function windowRow(ctx: SpaceCtx, uuid: string) {
  const [row] = await ctx.db
    .select()
    .from(m)
    .where(and(eq(m.uuid, uuid), eq(m.space_uuid, ctx.space.space_uuid)));
  if (!row) throw new ApiError("not_found", NOT_FOUND);
  return row;
}

export async function endMaintenance({ ctx, input, defer }: { ctx: SpaceCtx; input: { uuid: string } } & Deferred) {
  const before = await windowRow(ctx, input.uuid);
  const now = new Date().toISOString();
  const end = before.end < now ? before.end : now;
  const start = before.start < end ? before.start : end;
  const [rows] = await ctx.db.batch([
    ctx.db.update(m).set({ end, start }).where(eq(m.uuid, before.uuid)).returning(),
    auditChange(ctx, {
      action: "maintenance_window.end",
      entityType: "maintenance_window",
      entityUuid: before.uuid,
      before: { end: before.end },
      after: { end },
    }),
  ]);
  await refreshCovered(ctx, rows[0], defer);
  return windowOf(rows[0], Date.now());
}

export async function deleteMaintenance({ ctx, input, defer }: { ctx: SpaceCtx; input: { uuid: string } } & Deferred) {
  const before = await windowRow(ctx, input.uuid);
  await ctx.db.batch([
    ctx.db.delete(m).where(eq(m.uuid, before.uuid)),
    auditChange(ctx, {
      action: "maintenance_window.delete",
      entityType: "maintenance_window",
      entityUuid: before.uuid,
      before,
    }),
  ]);
  await refreshCovered(ctx, before, defer);
}

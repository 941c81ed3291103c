import { eq } from "drizzle-orm";
import type { LocationGroupAddInput, LocationGroupPatch } from "../../../contracts/location-groups/schema.ts";
import { nowIso } from "../../../drizzle/schema/common.ts";
import {
  locationGroupTable as g,
  locationGroupLocationTable as gl,
  locationTable as l,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditChange, chunksFor, inList, inSpace } from "../kernel/scope.ts";
import { announceLocations } from "./events.ts";
import { getGroup, requireGroupRow } from "./group-queries.ts";

/**
 * The locations of this space among `uuids` (deduplicated), or a 400 naming the others: a
 * location of another space is "not found" here and is never linked.
 */
async function spaceLocations(ctx: SpaceCtx, uuids: readonly string[]) {
  const wanted = [...new Set(uuids)];
  const found = wanted.length
    ? await ctx.db
        .select({ uuid: l.uuid, name: l.name })
        .from(l)
        .where(inSpace(ctx, l, inList(l.uuid, wanted)))
    : [];
  const known = new Set(found.map((location) => location.uuid));
  const missing = wanted.filter((uuid) => !known.has(uuid));
  if (missing.length) {
    throw new ApiError("validation_error", "There are validation errors.", {
      location_uuids: [`Locations not found: ${missing.join(", ")}.`],
    });
  }
  return found;
}

const linkedLocations = (ctx: SpaceCtx, groupUuid: string) =>
  ctx.db
    .select({ uuid: l.uuid, name: l.name })
    .from(gl)
    .innerJoin(l, eq(l.uuid, gl.location_uuid))
    .where(inSpace(ctx, gl, eq(gl.location_group_uuid, groupUuid)));

const linkWrites = (ctx: SpaceCtx, groupUuid: string, locations: readonly { uuid: string }[]) =>
  chunksFor(
    locations.map((location) => ({
      location_group_uuid: groupUuid,
      location_uuid: location.uuid,
      space_uuid: ctx.space.space_uuid,
    })),
    3,
  ).map((rows) => ctx.db.insert(gl).values(rows));

/** POST /space/{space}/location-group/add/; the linked locations are announced as updated. */
export async function createGroup({ ctx, input, defer }: WriteArgs<LocationGroupAddInput>) {
  const locations = await spaceLocations(ctx, input.location_uuids);
  const uuid = crypto.randomUUID();
  await ctx.db.batch([
    ctx.db.insert(g).values({ uuid, space_uuid: ctx.space.space_uuid, name: input.name, active: input.active }),
    ...linkWrites(ctx, uuid, locations),
    auditChange(ctx, { action: "location_group.create", entityType: "location_group", entityUuid: uuid, after: input }),
  ]);
  announceLocations(ctx, defer, "locationUpdated", locations);
  return getGroup({ ctx, input: { uuid } });
}

/** PATCH /space/{space}/location-group/{uuid}/: location_uuids, when sent, replaces the links. */
export async function updateGroup({ ctx, input, defer }: WriteArgs<LocationGroupPatch & { uuid: string }>) {
  const { uuid, location_uuids, ...fields } = input;
  const current = await requireGroupRow(ctx, uuid);
  const next = location_uuids ? await spaceLocations(ctx, location_uuids) : null;
  const before = next ? await linkedLocations(ctx, uuid) : [];
  await ctx.db.batch([
    ctx.db
      .update(g)
      .set({ ...fields, updated_at: nowIso() })
      .where(inSpace(ctx, g, eq(g.uuid, uuid))),
    ...(next
      ? [ctx.db.delete(gl).where(inSpace(ctx, gl, eq(gl.location_group_uuid, uuid))), ...linkWrites(ctx, uuid, next)]
      : []),
    auditChange(ctx, {
      action: "location_group.update",
      entityType: "location_group",
      entityUuid: uuid,
      before: { ...current, location_uuids: before.map((location) => location.uuid) },
      after: input,
    }),
  ]);
  if (next) {
    // Locations that joined or left the group.
    const was = new Set(before.map((location) => location.uuid));
    const now = new Set(next.map((location) => location.uuid));
    const changed = [...before.filter((x) => !now.has(x.uuid)), ...next.filter((x) => !was.has(x.uuid))];
    announceLocations(ctx, defer, "locationUpdated", changed);
  }
  return getGroup({ ctx, input: { uuid } });
}

/** DELETE /space/{space}/location-group/{uuid}/: the locations stay; they are announced as updated. */
export async function deleteGroup({ ctx, input, defer }: WriteArgs<{ uuid: string }>) {
  const current = await requireGroupRow(ctx, input.uuid);
  const linked = await linkedLocations(ctx, current.uuid);
  await ctx.db.batch([
    auditChange(ctx, {
      action: "location_group.delete",
      entityType: "location_group",
      entityUuid: current.uuid,
      before: { ...current, location_uuids: linked.map((location) => location.uuid) },
    }),
    ctx.db.delete(g).where(inSpace(ctx, g, eq(g.uuid, current.uuid))),
  ]);
  announceLocations(ctx, defer, "locationUpdated", linked);
}

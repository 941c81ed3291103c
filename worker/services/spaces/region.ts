import { asc, eq, sql } from "drizzle-orm";
import {
  type AdminSpace,
  type AdminSpaceList,
  REGION_TEXTS,
  type SpaceRegionInput,
} from "../../../contracts/regions/schema.ts";
import { spaceTable } from "../../../drizzle/schema/index.ts";
import { ApiError } from "../../lib/errors.ts";
import { forgetCallers } from "../access/caller-cache.ts";
import type { AdminCtx } from "../admin/ctx.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { auditInsert } from "../kernel/audit.ts";
import { forgetSpaceRegion, rememberSpaceRegion } from "../kernel/placement.ts";

/*
 * A space's region (`space_datacenter`), where its rooms are created. Super admins
 * choose it for any space; the routes check the flag.
 */

const adminSpaceFields = {
  space_uuid: spaceTable.space_uuid,
  space_name: spaceTable.space_name,
  space_type: spaceTable.space_type,
  space_datacenter: spaceTable.space_datacenter,
  // Written out: drizzle leaves a column in a select's sql unqualified, and both tables have space_uuid.
  locations_count: sql<number>`(SELECT count(*) FROM "location" WHERE "location"."space_uuid" = "space"."space_uuid")`,
  devices_count: sql<number>`(SELECT count(*) FROM "device" WHERE "device"."space_uuid" = "space"."space_uuid")`,
};

/** GET /admin/space/items/: every space with its region and how many rooms it may have, by name. */
export async function listAdminSpaces({ ctx }: { ctx: AdminCtx }): Promise<AdminSpaceList> {
  const spaces = await ctx.db
    .select(adminSpaceFields)
    .from(spaceTable)
    .orderBy(asc(spaceTable.space_name), asc(spaceTable.space_uuid));
  return { spaces };
}

const isEu = (region: string) => region === "eu";

/**
 * PATCH /admin/space/{id}/region/: a new region applies to rooms created from then on (a Durable
 * Object stays where it was made). Moving into or out of the EU jurisdiction changes every room's
 * id, so it would leave the space's rooms (command queues, telemetry history, open sockets)
 * behind: it is refused (409) once the space has a location or a device.
 */
export async function setSpaceRegion({
  ctx,
  input,
}: ServiceArgs<SpaceRegionInput & { uuid: string }, AdminCtx>): Promise<AdminSpace> {
  const space = await ctx.db
    .select(adminSpaceFields)
    .from(spaceTable)
    .where(eq(spaceTable.space_uuid, input.uuid))
    .get();
  if (!space) throw new ApiError("not_found", "Space not found.");
  const region = input.space_datacenter;
  if (region === space.space_datacenter) return space;
  if (isEu(region) !== isEu(space.space_datacenter) && space.locations_count + space.devices_count > 0) {
    throw new ApiError("conflict", REGION_TEXTS.jurisdictionLocked);
  }
  await ctx.db.batch([
    auditInsert(ctx.db, {
      spaceUuid: space.space_uuid,
      actorUserUuid: ctx.user.uuid,
      action: "space.region",
      entityType: "space",
      entityUuid: space.space_uuid,
      before: { space_datacenter: space.space_datacenter },
      after: { space_datacenter: region },
    }),
    ctx.db.update(spaceTable).set({ space_datacenter: region }).where(eq(spaceTable.space_uuid, space.space_uuid)),
  ]);
  // This isolate routes by the new region at once (others within placement.ts REGION_TTL_MS); a
  // read of the old region still under way is neither joined nor kept (the forget).
  forgetCallers({ space_uuid: space.space_uuid });
  forgetSpaceRegion(space.space_uuid);
  rememberSpaceRegion({ space_uuid: space.space_uuid, space_datacenter: region });
  return { ...space, space_datacenter: region };
}

import { eq } from "drizzle-orm";
import { deviceTable as d } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { requireDevice } from "../devices/detail.ts";
import { announceDevice } from "../devices/events.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditChange, inSpace } from "../kernel/scope.ts";

/**
 * Moves one device to another location of its space ("move to location"; the
 * spec has no single-device move, so this is the one writer): the location must be the space's
 * (the caller checks it once for the whole request), the device keeps its status, tags and
 * agent. Audited as device.move (before/after location_uuid). Moving to the location it is in
 * changes nothing and writes no audit entry.
 */
export async function moveDevice({
  ctx,
  input,
  defer,
}: WriteArgs<{ uuid: string; location_uuid: string }, SpaceCtx>): Promise<{ changed: boolean }> {
  const device = await requireDevice(ctx, input.uuid);
  if (device.location_uuid === input.location_uuid) return { changed: false };
  await ctx.db.batch([
    ctx.db
      .update(d)
      .set({ location_uuid: input.location_uuid, updated_at: new Date().toISOString() })
      .where(inSpace(ctx, d, eq(d.uuid, device.uuid))),
    auditChange(ctx, {
      action: "device.move",
      entityType: "device",
      entityUuid: device.uuid,
      before: { location_uuid: device.location_uuid },
      after: { location_uuid: input.location_uuid },
    }),
  ]);
  announceDevice(ctx, defer, "deviceUpdated", device);
  return { changed: true };
}

import { eq } from "drizzle-orm";
import { deviceTable as d } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { roleAtLeast } from "../../middleware/space.ts";
import { findMembership } from "../access/identity.ts";
import { deviceNotFound } from "../devices/detail.ts";
import { sendCommand } from "./remote-actions.ts";

/**
 * POST /api/device/{id}/power-control/ {action}: the path has no space, so the device's space is
 * looked up and the caller must be an active member of it with Content Manager or Admin. A
 * device of a space the caller is not in is not found (nothing leaks about other spaces).
 * Answers the dry run when the agent only said what it would have run, else null (done).
 */
export async function powerControl({
  ctx,
  input,
}: {
  ctx: Pick<SpaceCtx, "db" | "env" | "user">;
  input: { uuid: string; action: "instant-reboot" | "instant-power-off"; request_id?: string };
}) {
  const device = await ctx.db.select().from(d).where(eq(d.uuid, input.uuid)).get();
  if (!device) throw deviceNotFound();
  const membership = await findMembership(ctx.db, device.space_uuid, ctx.user.uuid);
  if (!membership) throw deviceNotFound();
  if (!roleAtLeast(membership.role.code, "content_manager")) {
    throw new ApiError("forbidden", "You do not have permission to perform this action.");
  }
  const { result } = await sendCommand({ ...ctx, space: membership.space }, device, input.action, {}, input.request_id);
  // A dry run (no --allow-power on the agent) is not a success; the route says so.
  return result.dry_run
    ? { dry_run: true as const, ...(result.would_run ? { would_run: result.would_run } : {}) }
    : null;
}

import { and, asc, eq } from "drizzle-orm";
import { CUSTOM_FIELD_NUMBERS, type RoleList, type Space, type SpacePatch } from "../../../contracts/spaces/schema.ts";
import { deviceTable } from "../../../drizzle/schema/index.ts";
import { roleTable } from "../../../drizzle/schema/role.ts";
import { spaceTable } from "../../../drizzle/schema/space.ts";
import type { SpaceCtx, SpaceRow } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { forgetCallers } from "../access/caller-cache.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { auditInsert } from "../kernel/audit.ts";
import { roomIn } from "../kernel/placement.ts";

const toSpace = (row: SpaceRow, ctx: SpaceCtx): Space => {
  const { created_at: _c, updated_at: _u, ...space } = row;
  return { ...space, role: { uuid: ctx.role.uuid, name: ctx.role.name, code: ctx.role.code } };
};

/** GET /space/{space}/: the space settings plus the caller's role. */
export const getSpace = ({ ctx }: { ctx: SpaceCtx }): Space => toSpace(ctx.space, ctx);

/**
 * PATCH /space/{space}/: custom-field settings. A unique field must also be required
 * (the spec's choices are None, Required, Required & Unique).
 */
export async function updateSpace({
  ctx,
  input,
  defer,
}: ServiceArgs<SpacePatch> & { defer?: (work: Promise<unknown>) => void }): Promise<Space> {
  const merged = { ...ctx.space, ...input } as SpaceRow;
  const errors: Record<string, string[]> = {};
  for (const n of CUSTOM_FIELD_NUMBERS) {
    const key = `location_custom_${n}` as const;
    if (merged[`${key}_unique`] && !merged[`${key}_required`]) {
      errors[`${key}_unique`] = ["A unique field must also be required."];
    }
    if (merged[`${key}_enabled`] && !merged[`${key}_alias`].trim()) {
      errors[`${key}_alias`] = ["An enabled field needs an alias."];
    }
  }
  if (Object.keys(errors).length) throw new ApiError("validation_error", "There are validation errors.", errors);
  if (Object.keys(input).length === 0) return toSpace(ctx.space, ctx);

  const [, [updated]] = await ctx.db.batch([
    auditInsert(ctx.db, {
      spaceUuid: ctx.space.space_uuid,
      actorUserUuid: ctx.user.uuid,
      action: "space.update",
      entityType: "space",
      entityUuid: ctx.space.space_uuid,
      before: ctx.space,
      after: input,
    }),
    ctx.db
      .update(spaceTable)
      .set(input as Partial<SpaceRow>)
      .where(eq(spaceTable.space_uuid, ctx.space.space_uuid))
      .returning(),
  ]);
  // "Viewers see captures" among them: every cached caller of the space reads the new settings.
  forgetCallers({ space_uuid: ctx.space.space_uuid });
  const captures = input.capture_interval_s !== undefined || input.capture_retention_days !== undefined;
  if (captures && defer) defer(tellConnectedDevices(ctx));
  return toSpace(updated, ctx);
}

/**
 * The capture interval reaches connected agents live, and their rooms prune by the new retention:
 * each online device's room reads the settings again. An offline one reads them within a day
 * (its copy is kept that long).
 */
async function tellConnectedDevices(ctx: SpaceCtx) {
  const online = await ctx.db
    .select({ uuid: deviceTable.uuid })
    .from(deviceTable)
    .where(and(eq(deviceTable.space_uuid, ctx.space.space_uuid), eq(deviceTable.online, true)));
  for (let i = 0; i < online.length; i += 50) {
    await Promise.all(
      online.slice(i, i + 50).map(async ({ uuid }) => {
        const room = await roomIn(ctx, "device", uuid);
        await room.captureSettingsChanged().catch((e: unknown) => console.error("capture settings", uuid, e));
      }),
    );
  }
}

/** GET /space/{space}/role/items/: roles are global reference data, listed Admin first. */
export async function listRoles({ ctx }: { ctx: SpaceCtx }): Promise<RoleList> {
  const roles = await ctx.db
    .select({ uuid: roleTable.uuid, name: roleTable.name })
    .from(roleTable)
    .orderBy(asc(roleTable.uuid));
  return { roles };
}

import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Comment, CommentAddInput, CommentEditInput, CommentList } from "../../../contracts/comments/schema.ts";
import {
  commentTable as c,
  displayTable,
  peripheralTable,
  spaceAccountTable,
  userTable,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { auditChange, inSpace, requireInSpace } from "../kernel/scope.ts";
import { deviceWith, requireDevice } from "./detail.ts";
import { announceDevice } from "./events.ts";

/** What a comment is on: a device itself, or one of its displays or peripherals. */
export type CommentTarget =
  | { device_uuid: string }
  | { device_uuid: string; display_uuid: string }
  | { device_uuid: string; peripheral_uuid: string };

/** The target's device of this space (and its display or peripheral), or 404. */
async function resolveTarget(ctx: SpaceCtx, target: CommentTarget) {
  const device = await requireDevice(ctx, target.device_uuid);
  const part = "display_uuid" in target ? displayTable : "peripheral_uuid" in target ? peripheralTable : null;
  const partUuid =
    "display_uuid" in target ? target.display_uuid : "peripheral_uuid" in target ? target.peripheral_uuid : null;
  if (part && partUuid) {
    const found = await ctx.db
      .select({ uuid: part.uuid })
      .from(part)
      .where(inSpace(ctx, part, eq(part.uuid, partUuid), eq(part.device_uuid, device.uuid)))
      .get();
    if (!found) throw new ApiError("not_found", part === displayTable ? "Display not found." : "Peripheral not found.");
  }
  return {
    device,
    display_uuid: "display_uuid" in target ? target.display_uuid : null,
    peripheral_uuid: "peripheral_uuid" in target ? target.peripheral_uuid : null,
  };
}

/** Comments of exactly this target (a device's own comments have no display or peripheral). */
const ofTarget = (t: { device: { uuid: string }; display_uuid: string | null; peripheral_uuid: string | null }) =>
  and(
    eq(c.device_uuid, t.device.uuid),
    t.display_uuid ? eq(c.display_uuid, t.display_uuid) : isNull(c.display_uuid),
    t.peripheral_uuid ? eq(c.peripheral_uuid, t.peripheral_uuid) : isNull(c.peripheral_uuid),
  );

/** Comments with their author's display name and presence in this space, newest first. */
const commentRows = (ctx: SpaceCtx, where: SQL | undefined) =>
  ctx.db
    .select({
      uuid: c.uuid,
      value: c.value,
      device_uuid: c.device_uuid,
      display_uuid: c.display_uuid,
      peripheral_uuid: c.peripheral_uuid,
      author_user_uuid: c.author_user_uuid,
      author_account_uuid: spaceAccountTable.account_uuid,
      account_display_name: userTable.display_name,
      account_online: spaceAccountTable.online,
      created_at: c.created_at,
      updated_at: c.updated_at,
    })
    .from(c)
    .leftJoin(userTable, eq(userTable.uuid, c.author_user_uuid))
    .leftJoin(
      spaceAccountTable,
      and(eq(spaceAccountTable.user_uuid, c.author_user_uuid), eq(spaceAccountTable.space_uuid, c.space_uuid)),
    )
    .where(inSpace(ctx, c, where))
    .orderBy(desc(c.created_at), desc(c.uuid));

const toComment = ({ author_user_uuid: _, ...row }: Awaited<ReturnType<typeof commentRows>>[number]): Comment => ({
  ...row,
  account_online: row.account_online ?? false,
});

/** GET …/comment/items/. */
export async function listComments({ ctx, input }: ServiceArgs<CommentTarget>): Promise<CommentList> {
  // A device's own comments (its General tab) are read with the device, in one D1 round trip.
  if (!("display_uuid" in input) && !("peripheral_uuid" in input)) {
    const own = ofTarget({ device: { uuid: input.device_uuid }, display_uuid: null, peripheral_uuid: null });
    const {
      results: [rows],
    } = await deviceWith(ctx, input.device_uuid, [commentRows(ctx, own)]);
    return { comments: rows.map(toComment) };
  }
  const target = await resolveTarget(ctx, input);
  return { comments: (await commentRows(ctx, ofTarget(target))).map(toComment) };
}

/** POST …/comment/add/: the author is the caller, whatever account_uuid the body names. */
export async function addComment({ ctx, input, defer }: WriteArgs<CommentAddInput & { target: CommentTarget }>) {
  const target = await resolveTarget(ctx, input.target);
  const uuid = crypto.randomUUID();
  const row = {
    uuid,
    space_uuid: ctx.space.space_uuid,
    device_uuid: target.device.uuid,
    display_uuid: target.display_uuid,
    peripheral_uuid: target.peripheral_uuid,
    author_user_uuid: ctx.user.uuid,
    value: input.value,
  };
  await ctx.db.batch([
    ctx.db.insert(c).values(row),
    auditChange(ctx, { action: "comment.create", entityType: "comment", entityUuid: uuid, after: row }),
  ]);
  announceDevice(ctx, defer, "deviceUpdated", target.device);
  return toComment((await commentRows(ctx, eq(c.uuid, uuid)))[0]);
}

/** The comment of this target, or 404; 403 unless the caller wrote it. */
async function ownComment(ctx: SpaceCtx, target: CommentTarget, commentUuid: string) {
  const t = await resolveTarget(ctx, target);
  const comment = await requireInSpace(
    ctx,
    c,
    and(eq(c.uuid, commentUuid), ofTarget(t)),
    () => new ApiError("not_found", "Comment not found."),
  );
  if (comment.author_user_uuid !== ctx.user.uuid) {
    throw new ApiError("forbidden", "Only the author can change or delete this comment.");
  }
  return { comment, device: t.device };
}

/** PATCH …/comment/{comment}/ (the author only). */
export async function editComment({
  ctx,
  input,
  defer,
}: WriteArgs<CommentEditInput & { target: CommentTarget; uuid: string }>) {
  const { comment, device } = await ownComment(ctx, input.target, input.uuid);
  await ctx.db.batch([
    ctx.db
      .update(c)
      .set({ value: input.value })
      .where(inSpace(ctx, c, eq(c.uuid, comment.uuid))),
    auditChange(ctx, {
      action: "comment.update",
      entityType: "comment",
      entityUuid: comment.uuid,
      before: { value: comment.value },
      after: { value: input.value },
    }),
  ]);
  announceDevice(ctx, defer, "deviceUpdated", device);
  return toComment((await commentRows(ctx, eq(c.uuid, comment.uuid)))[0]);
}

/** DELETE …/comment/{comment}/ (the author only). */
export async function deleteComment({ ctx, input, defer }: WriteArgs<{ target: CommentTarget; uuid: string }>) {
  const { comment, device } = await ownComment(ctx, input.target, input.uuid);
  await ctx.db.batch([
    ctx.db.delete(c).where(inSpace(ctx, c, eq(c.uuid, comment.uuid))),
    auditChange(ctx, { action: "comment.delete", entityType: "comment", entityUuid: comment.uuid, before: comment }),
  ]);
  announceDevice(ctx, defer, "deviceUpdated", device);
}

/** The device of a display or peripheral of this space (for /display/{id}/… and /peripherals/{id}/…). */
export async function targetOfPart(
  ctx: SpaceCtx,
  kind: "display" | "peripheral",
  uuid: string,
): Promise<CommentTarget> {
  const part = kind === "display" ? displayTable : peripheralTable;
  const row = await ctx.db
    .select({ device_uuid: part.device_uuid })
    .from(part)
    .where(inSpace(ctx, part, eq(part.uuid, uuid)))
    .get();
  if (!row) throw new ApiError("not_found", kind === "display" ? "Display not found." : "Peripheral not found.");
  return kind === "display"
    ? { device_uuid: row.device_uuid, display_uuid: uuid }
    : { device_uuid: row.device_uuid, peripheral_uuid: uuid };
}

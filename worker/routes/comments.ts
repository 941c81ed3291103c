import { type Context, Hono } from "hono";
import { Comment, CommentAddInput, CommentEditInput, CommentList } from "../../contracts/comment.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import {
  addComment,
  type CommentTarget,
  deleteComment,
  editComment,
  listComments,
  targetOfPart,
} from "../services/devices/comments.ts";

/** Comments are changed by Content Managers and Admins (ARCHITECTURE: roles), and only by their author. */
const writer = requireRole("content_manager");
type Target = (c: Context<AppEnv>) => CommentTarget;

/** The four comment calls under `base` (…/comment/items/, …/comment/add/, …/comment/{comment}/). */
const commentsUnder = (base: string, target: Target) =>
  new Hono<AppEnv>({ strict: false })
    .get(`${base}/comment/items`, async (c) =>
      c.json(CommentList.parse(await listComments({ ctx: spaceCtx(c), input: target(c) }))),
    )
    .post(`${base}/comment/add`, writer, validateInput("json", CommentAddInput), async (c) => {
      const input = { ...c.req.valid("json"), target: target(c) };
      return c.json(Comment.parse(await addComment({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 201);
    })
    .patch(`${base}/comment/:comment`, writer, validateInput("json", CommentEditInput), async (c) => {
      const input = { ...c.req.valid("json"), target: target(c), uuid: c.req.param("comment") };
      return c.json(Comment.parse(await editComment({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
    })
    .delete(`${base}/comment/:comment`, writer, async (c) => {
      const input = { target: target(c), uuid: c.req.param("comment") };
      await deleteComment({ ctx: spaceCtx(c), input, defer: deferTo(c) });
      return c.body(null, 204);
    });

const param = (c: Context<AppEnv>, name: string) => c.req.param(name) ?? "";

/** Deletion by the display's or peripheral's own path (devices.md §7 Comments). */
const deleteUnderPart = (kind: "display" | "peripheral", base: string) =>
  new Hono<AppEnv>({ strict: false }).delete(`${base}/:part/comment/:comment`, writer, async (c) => {
    const ctx = spaceCtx(c);
    const target = await targetOfPart(ctx, kind, c.req.param("part"));
    await deleteComment({ ctx, input: { target, uuid: c.req.param("comment") }, defer: deferTo(c) });
    return c.body(null, 204);
  });

/** /api/space/{space}/device/{id}/[display/{display}/|peripherals/{peripheral}/]comment/… */
export const commentRoutes = new Hono<AppEnv>({ strict: false })
  .route(
    "/",
    commentsUnder("/device/:device/display/:display", (c) => ({
      device_uuid: param(c, "device"),
      display_uuid: param(c, "display"),
    })),
  )
  .route(
    "/",
    commentsUnder("/device/:device/peripherals/:peripheral", (c) => ({
      device_uuid: param(c, "device"),
      peripheral_uuid: param(c, "peripheral"),
    })),
  )
  .route(
    "/",
    commentsUnder("/device/:device", (c) => ({ device_uuid: param(c, "device") })),
  )
  .route("/", deleteUnderPart("display", "/display"))
  .route("/", deleteUnderPart("peripheral", "/peripherals"));

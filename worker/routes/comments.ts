import type { z } from "zod";
import {
  deleteDisplayComment,
  deletePeripheralComment,
  deviceComments,
  displayComments,
  peripheralComments,
} from "../../contracts/comments/routes.ts";
import { Comment, CommentList, DisplayCommentReply } from "../../contracts/comments/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
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

type Family = typeof deviceComments | typeof displayComments | typeof peripheralComments;
/** A family's path parameters (asserted in the handlers: TS does not narrow a generic route's params). */
type Params<F extends Family> = z.output<F["list"]["request"]["params"]>;
/** The path parameters of a family's …/comment/{comment}/ routes. */
type CommentParams<F extends Family> = Params<F> & { comment: string };

/** What add and change answer: the comment, or for a display the comment with its comments list (devices.md §7). */
type Reply = (ctx: ReturnType<typeof spaceCtx>, comment: Comment, target: CommentTarget) => Promise<object>;
const justTheComment: Reply = async (_ctx, comment) => Comment.parse(comment);
const withTheList: Reply = async (ctx, comment, target) =>
  DisplayCommentReply.parse({ ...comment, ...(await listComments({ ctx, input: target })) });

/** The four comment calls of one family (…/comment/items/, …/comment/add/, …/comment/{comment}/). */
const commentsOf = <F extends Family>(
  routes: F,
  target: (params: Params<F>) => CommentTarget,
  reply: Reply = justTheComment,
) =>
  openApiRouter()
    .openapi(routes.list, async (c) => {
      const input = target(c.req.valid("param") as Params<F>);
      return c.json(CommentList.parse(await listComments({ ctx: spaceCtx(c), input })), 200);
    })
    .openapi(guarded(routes.add, writer), async (c) => {
      const ctx = spaceCtx(c);
      const input = { ...c.req.valid("json"), target: target(c.req.valid("param") as Params<F>) };
      const comment = await addComment({ ctx, input, defer: deferTo(c) });
      return c.json(await reply(ctx, comment, input.target), 201);
    })
    .openapi(guarded(routes.edit, writer), async (c) => {
      const params = c.req.valid("param") as CommentParams<F>;
      const ctx = spaceCtx(c);
      const input = { ...c.req.valid("json"), target: target(params), uuid: params.comment };
      const comment = await editComment({ ctx, input, defer: deferTo(c) });
      return c.json(await reply(ctx, comment, input.target), 200);
    })
    .openapi(guarded(routes.remove, writer), async (c) => {
      const params = c.req.valid("param") as CommentParams<F>;
      const input = { target: target(params), uuid: params.comment };
      await deleteComment({ ctx: spaceCtx(c), input, defer: deferTo(c) });
      return c.body(null, 204);
    });

/** /api/space/{space}/device/{device}/[display/{display}/|peripherals/{peripheral}/]comment/… */
export const commentRoutes = openApiRouter()
  .route(
    "/",
    commentsOf(displayComments, (p) => ({ device_uuid: p.device, display_uuid: p.display }), withTheList),
  )
  .route(
    "/",
    commentsOf(peripheralComments, (p) => ({ device_uuid: p.device, peripheral_uuid: p.peripheral })),
  )
  .route(
    "/",
    commentsOf(deviceComments, (p) => ({ device_uuid: p.device })),
  )
  // Deletion by the display's or peripheral's own path (devices.md §7 Comments).
  .openapi(guarded(deleteDisplayComment, writer), async (c) => {
    const { display, comment } = c.req.valid("param");
    const ctx = spaceCtx(c);
    const target = await targetOfPart(ctx, "display", display);
    await deleteComment({ ctx, input: { target, uuid: comment }, defer: deferTo(c) });
    return c.body(null, 204);
  })
  .openapi(guarded(deletePeripheralComment, writer), async (c) => {
    const { peripheral, comment } = c.req.valid("param");
    const ctx = spaceCtx(c);
    const target = await targetOfPart(ctx, "peripheral", peripheral);
    await deleteComment({ ctx, input: { target, uuid: comment }, defer: deferTo(c) });
    return c.body(null, 204);
  });

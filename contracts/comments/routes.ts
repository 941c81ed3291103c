import { z } from "zod";
import {
  bodyErrors,
  commonErrors,
  defineRoute,
  deleteRoute,
  jsonBody,
  jsonResponse,
  SpaceParam,
  uuidParam as uuidOf,
} from "../http/route.ts";
import { Comment, CommentAddInput, CommentEditInput, CommentList, DisplayCommentReply } from "./schema.ts";

const tags = ["Comments"];
const CommentParam = z.object({ comment: uuidOf("comment") });

/**
 * The four comment calls of a device or of one of its parts (display, peripheral): the list,
 * add (Content Manager or Admin), and change or delete (the author, a Content Manager or Admin).
 * `reply` is what add and change answer: the comment, or (displays) the comment with the list.
 */
function commentsUnder<P extends z.ZodObject, R extends z.ZodObject = typeof Comment>(
  base: string,
  params: P,
  of: string,
  reply: R = Comment as unknown as R,
) {
  const commentParams = params.extend(CommentParam.shape);
  return {
    list: defineRoute({
      method: "get",
      path: `${base}/comment/items`,
      summary: `Comments on ${of}, newest first`,
      tags,
      request: { params },
      responses: { 200: jsonResponse(CommentList), ...commonErrors },
    }),
    add: defineRoute({
      method: "post",
      path: `${base}/comment/add`,
      summary: `Comment on ${of}; Content Manager or Admin`,
      tags,
      request: { params, body: jsonBody(CommentAddInput) },
      responses: { 201: jsonResponse(reply, "The new comment"), ...bodyErrors },
    }),
    edit: defineRoute({
      method: "patch",
      path: `${base}/comment/{comment}`,
      summary: `Change a comment on ${of}; its author (Content Manager or Admin)`,
      tags,
      request: { params: commentParams, body: jsonBody(CommentEditInput) },
      responses: { 200: jsonResponse(reply, "The changed comment"), ...bodyErrors },
    }),
    remove: deleteRoute({
      path: `${base}/comment/{comment}`,
      summary: `Delete a comment on ${of}; its author (Content Manager or Admin)`,
      tags,
      params: commentParams,
    }),
  };
}

const DeviceParam = SpaceParam.extend({ device: uuidOf("device") });

/** /space/{space}/device/{device}/comment/… */
export const deviceComments = commentsUnder("/space/{space}/device/{device}", DeviceParam, "a device");

/** /space/{space}/device/{device}/display/{display}/comment/…: add and change reply with the comments list. */
export const displayComments = commentsUnder(
  "/space/{space}/device/{device}/display/{display}",
  DeviceParam.extend({ display: uuidOf("display") }),
  "a display of a device (add and change reply with the display's `comments` list)",
  DisplayCommentReply,
);

/** /space/{space}/device/{device}/peripherals/{peripheral}/comment/… */
export const peripheralComments = commentsUnder(
  "/space/{space}/device/{device}/peripherals/{peripheral}",
  DeviceParam.extend({ peripheral: uuidOf("peripheral") }),
  "a peripheral of a device",
);

/** Deleting a display's comment by the display's own path (devices.md §7 Comments). */
export const deleteDisplayComment = deleteRoute({
  path: "/space/{space}/display/{display}/comment/{comment}",
  summary: "Delete a comment on a display, by the display's path; its author (Content Manager or Admin)",
  tags,
  params: SpaceParam.extend({ display: uuidOf("display"), ...CommentParam.shape }),
});

/** Deleting a peripheral's comment by the peripheral's own path (devices.md §7 Comments). */
export const deletePeripheralComment = deleteRoute({
  path: "/space/{space}/peripherals/{peripheral}/comment/{comment}",
  summary: "Delete a comment on a peripheral, by the peripheral's path; its author (Content Manager or Admin)",
  tags,
  params: SpaceParam.extend({ peripheral: uuidOf("peripheral"), ...CommentParam.shape }),
});

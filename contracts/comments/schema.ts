import { z } from "zod";
import { safeText } from "../http/text.ts";
import { COMMENT_MAX } from "./values.ts";

export { COMMENT_MAX } from "./values.ts";

/** A comment on a device, or on one of its displays or peripherals (devices.md §3 Comment). */
export const Comment = z.object({
  uuid: z.string(),
  value: z.string(),
  device_uuid: z.string(),
  display_uuid: z.string().nullable(),
  peripheral_uuid: z.string().nullable(),
  /** The author's membership of this space (null once they left it or were deleted). */
  author_account_uuid: z.string().nullable(),
  account_display_name: z.string().nullable(),
  account_online: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Comment = z.infer<typeof Comment>;

/** Reply of GET …/comment/items/ (newest first). */
export const CommentList = z.object({ comments: z.array(Comment) });
export type CommentList = z.infer<typeof CommentList>;

/**
 * Reply of adding or changing a comment on a display (devices.md §7: under …/display/{display}/
 * "replies use a comments list"): the comment itself plus `comments`, the display's comments
 * after the change, newest first.
 */
export const DisplayCommentReply = Comment.extend({ comments: z.array(Comment) });
export type DisplayCommentReply = z.infer<typeof DisplayCommentReply>;

const value = safeText(
  z
    .string({ error: (issue) => (issue.input == null ? "Required" : "Not a valid string.") })
    .trim()
    .min(1, "This field may not be blank.")
    .max(COMMENT_MAX, `Ensure this field has no more than ${COMMENT_MAX} characters.`),
);

/**
 * POST …/comment/add/. account_uuid is accepted for the spec's shape but ignored: the author is
 * always the caller.
 */
export const CommentAddInput = z.object({ account_uuid: z.string().nullish(), value });
export type CommentAddInput = z.infer<typeof CommentAddInput>;

/** PATCH …/comment/{comment}/ (the author only). */
export const CommentEditInput = z.object({ value });
export type CommentEditInput = z.infer<typeof CommentEditInput>;

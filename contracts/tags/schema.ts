import { z } from "zod";
import { safeName } from "../http/text.ts";

export const TAG_NAME_MAX = 20;

/** A tag as shown on a location or device. */
export const TagRef = z.object({ uuid: z.string(), name: z.string() });
export type TagRef = z.infer<typeof TagRef>;

/** A space's tag; total_number = tagged locations + tagged devices. */
export const Tag = TagRef.extend({ total_number: z.number().int() });
export type Tag = z.infer<typeof Tag>;

/** Reply of GET /space/{space}/tag/items/ (ordered by name). */
export const TagList = z.object({ tags: z.array(Tag) });
export type TagList = z.infer<typeof TagList>;

/**
 * POST /space/{space}/tag/add/. Idempotent by name: a new tag answers 201, a name the space
 * already has answers 200 with the existing tag (so "add tag" from several forms never fails).
 */
export const TagAddInput = z.object({
  name: safeName(
    z
      .string({ error: (issue) => (issue.input == null ? "Required" : "Not a valid string.") })
      .trim()
      .min(1, "Required")
      .max(TAG_NAME_MAX, `Ensure this field has no more than ${TAG_NAME_MAX} characters.`),
  ),
});
export type TagAddInput = z.infer<typeof TagAddInput>;

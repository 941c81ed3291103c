import { z } from "zod";
import { maxLengthMessage, safeName } from "../http/text.ts";
import { SAVED_VIEW_NAME_MAX } from "./values.ts";

export { SAVED_VIEW_NAME_MAX } from "./values.ts";

/** The lists a view can be saved for. */
export const SAVED_VIEW_LISTS = ["devices", "locations", "location_groups", "accounts"] as const;
export const SavedViewList = z.enum(SAVED_VIEW_LISTS, {
  error: (issue) => `"${String(issue.input)}" is not a valid choice.`,
});
export type SavedViewList = z.infer<typeof SavedViewList>;

export const SAVED_VIEW_QUERY_MAX = 2000;

/** A saved view: a list's URL query string (filters, ordering, view) under a name. */
export const SavedView = z.object({
  uuid: z.string(),
  list: SavedViewList,
  name: z.string(),
  /** The URL query string without its "?" (e.g. "connected_status=connected&ordering=name"). */
  query: z.string(),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;

/** GET /space/{space}/saved-views/: the caller's own views, by list then name. */
export const SavedViewListReply = z.object({ saved_views: z.array(SavedView) });
export type SavedViewListReply = z.infer<typeof SavedViewListReply>;

/** ?list= narrows the reply to one list. */
export const SavedViewQuery = z.object({ list: SavedViewList.optional() });

const required = (issue: { input: unknown }) => (issue.input == null ? "Required" : "Not a valid string.");

/** POST /space/{space}/saved-views/: name 1–60, unique per account, space and list; query ≤ 2000. */
export const SavedViewInput = z.object({
  name: safeName(
    z
      .string({ error: required })
      .trim()
      .min(1, "Required")
      .max(SAVED_VIEW_NAME_MAX, maxLengthMessage(SAVED_VIEW_NAME_MAX)),
  ),
  list: SavedViewList,
  query: z
    .string({ error: required })
    .trim()
    .transform((q) => (q.startsWith("?") ? q.slice(1) : q))
    .pipe(z.string().max(SAVED_VIEW_QUERY_MAX, maxLengthMessage(SAVED_VIEW_QUERY_MAX))),
});
export type SavedViewInput = z.infer<typeof SavedViewInput>;

import { asc, eq, type SQL } from "drizzle-orm";
import type {
  SavedView,
  SavedViewInput,
  SavedViewList,
  SavedViewListReply,
} from "../../../contracts/saved-views/schema.ts";
import { savedViewTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";

/** Most views one account keeps per space and list. */
export const MAX_SAVED_VIEWS = 50;

const columns = {
  uuid: savedViewTable.uuid,
  list: savedViewTable.list,
  name: savedViewTable.name,
  query: savedViewTable.query,
  created_at: savedViewTable.created_at,
};

/** The caller's own views in this space (another member's are never read). */
const mine = (ctx: SpaceCtx, condition?: SQL) =>
  inSpace(ctx, savedViewTable, eq(savedViewTable.user_uuid, ctx.user.uuid), condition);

/** GET /space/{space}/saved-views/: the caller's views (of one list with ?list=), by list and name. */
export async function listSavedViews({
  ctx,
  input,
}: ServiceArgs<{ list?: SavedViewList }>): Promise<SavedViewListReply> {
  const rows = await ctx.db
    .select(columns)
    .from(savedViewTable)
    .where(mine(ctx, input.list ? eq(savedViewTable.list, input.list) : undefined))
    .orderBy(asc(savedViewTable.list), asc(savedViewTable.name), asc(savedViewTable.uuid));
  return { saved_views: rows as SavedView[] };
}

const nameTaken = () =>
  new ApiError("validation_error", "There are validation errors.", {
    name: ["You already have a view with this name for this list."],
  });

/**
 * POST /space/{space}/saved-views/: a new view of the caller's. The name is unique per account,
 * space and list (the unique index settles a race); at most MAX_SAVED_VIEWS per list.
 */
export async function addSavedView({ ctx, input }: ServiceArgs<SavedViewInput>): Promise<SavedView> {
  const existing = await ctx.db
    .select({ name: savedViewTable.name })
    .from(savedViewTable)
    .where(mine(ctx, eq(savedViewTable.list, input.list)));
  if (existing.some((v) => v.name === input.name)) throw nameTaken();
  if (existing.length >= MAX_SAVED_VIEWS) {
    throw new ApiError("validation_error", "There are validation errors.", {
      non_field_errors: [`You can keep at most ${MAX_SAVED_VIEWS} views of a list. Delete one first.`],
    });
  }
  const row = {
    uuid: crypto.randomUUID(),
    space_uuid: ctx.space.space_uuid,
    user_uuid: ctx.user.uuid,
    list: input.list,
    name: input.name,
    query: input.query,
    created_at: new Date().toISOString(),
  };
  try {
    await ctx.db.insert(savedViewTable).values(row);
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw nameTaken();
    throw error;
  }
  return { uuid: row.uuid, list: input.list, name: row.name, query: row.query, created_at: row.created_at };
}

/** DELETE /space/{space}/saved-views/{uuid}/: only the caller's own view; another's is not found. */
export async function deleteSavedView({ ctx, input }: ServiceArgs<{ uuid: string }>): Promise<void> {
  const deleted = await ctx.db
    .delete(savedViewTable)
    .where(mine(ctx, eq(savedViewTable.uuid, input.uuid)))
    .returning({ uuid: savedViewTable.uuid });
  if (deleted.length === 0) throw new ApiError("not_found", "Not found.");
}

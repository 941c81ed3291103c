import { and, asc, count, eq, ne } from "drizzle-orm";
import {
  ADMIN_TEXTS,
  type Runner,
  type RunnerDocument,
  type RunnerList,
  type RunnerQuery,
} from "../../../contracts/admin/schema.ts";
import { nowIso } from "../../../drizzle/schema/common.ts";
import { runnerTable as r } from "../../../drizzle/schema/index.ts";
import { ApiError } from "../../lib/errors.ts";
import { pageInfo, pageWindow } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { contains } from "../kernel/scope.ts";
import { type AdminCtx, auditAdmin } from "./ctx.ts";
import { fromDocument, isUniqueViolation, nameTaken, sameName, toDocument } from "./documents.ts";

type Row = typeof r.$inferSelect;
type Args<I> = ServiceArgs<I, AdminCtx>;

/** The runner with this uuid, or 404. */
export async function requireRunner(ctx: AdminCtx, uuid: string): Promise<Row> {
  const row = await ctx.db.select().from(r).where(eq(r.uuid, uuid)).get();
  if (!row) throw new ApiError("not_found", ADMIN_TEXTS.runnerNotFound);
  return row;
}

const summaryOf = (row: Row) => ({
  uuid: row.uuid,
  name: row.name,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const toRunner = (row: Row): Runner => ({ ...summaryOf(row), document: toDocument(row) });

/** GET /runner/items/: by name (A→Z), `search` contained in it (any case), 35 a page. */
export async function listRunners({ ctx, input }: Args<RunnerQuery & { url: string }>): Promise<RunnerList> {
  const where = input.search ? contains(r.name, input.search) : undefined;
  const window = pageWindow(input.page, input.page_size);
  const [rows, total] = await Promise.all([
    ctx.db.select().from(r).where(where).orderBy(asc(r.name), asc(r.uuid)).limit(window.limit).offset(window.offset),
    ctx.db.select({ n: count() }).from(r).where(where).get(),
  ]);
  return { runners: rows.map(summaryOf), ...pageInfo(input.url, input.page, input.page_size, total?.n ?? 0) };
}

/** GET /runner/{id}. */
export async function getRunner({ ctx, input }: Args<{ uuid: string }>) {
  return toRunner(await requireRunner(ctx, input.uuid));
}

async function checkName(ctx: AdminCtx, name: string, except?: string) {
  const taken = await ctx.db
    .select({ uuid: r.uuid })
    .from(r)
    .where(and(sameName(r.name, name), except === undefined ? undefined : ne(r.uuid, except)))
    .get();
  if (taken) throw nameTaken(ADMIN_TEXTS.runnerNameTaken);
}

async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(ADMIN_TEXTS.runnerNameTaken);
    throw error;
  }
}

/** POST /runner/add/ (system developers): the document's name and every other field; audited. */
export async function createRunner({ ctx, input }: Args<RunnerDocument>) {
  await checkName(ctx, input.name);
  const uuid = crypto.randomUUID();
  await uniqueName(
    ctx.db.batch([
      ctx.db.insert(r).values({ uuid, ...fromDocument(input) }),
      auditAdmin(ctx, { action: "runner.create", entityType: "runner", entityUuid: uuid, after: input }),
    ]),
  );
  return toRunner(await requireRunner(ctx, uuid));
}

/** PATCH /runner/{id} (system developers): the document replaces the stored one; audited with before and after. */
export async function updateRunner({ ctx, input }: Args<{ uuid: string; document: RunnerDocument }>) {
  const current = await requireRunner(ctx, input.uuid);
  await checkName(ctx, input.document.name, current.uuid);
  await uniqueName(
    ctx.db.batch([
      ctx.db
        .update(r)
        .set({ ...fromDocument(input.document), updated_at: nowIso() })
        .where(eq(r.uuid, current.uuid)),
      auditAdmin(ctx, {
        action: "runner.update",
        entityType: "runner",
        entityUuid: current.uuid,
        before: toDocument(current),
        after: input.document,
      }),
    ]),
  );
  return toRunner(await requireRunner(ctx, current.uuid));
}

/** DELETE /runner/{id} (system developers); audited with the document it had. */
export async function deleteRunner({ ctx, input }: Args<{ uuid: string }>) {
  const current = await requireRunner(ctx, input.uuid);
  await ctx.db.batch([
    auditAdmin(ctx, {
      action: "runner.delete",
      entityType: "runner",
      entityUuid: current.uuid,
      before: toDocument(current),
    }),
    ctx.db.delete(r).where(eq(r.uuid, current.uuid)),
  ]);
}

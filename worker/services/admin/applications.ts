import { and, asc, count, eq, ne, notExists, sql } from "drizzle-orm";
import {
  ADMIN_TEXTS,
  type Application,
  type ApplicationDocument,
  type ApplicationList,
  type ApplicationQuery,
} from "../../../contracts/admin/schema.ts";
import { nowIso } from "../../../drizzle/schema/common.ts";
import { applicationTable as a, displayApplicationTable as da } from "../../../drizzle/schema/index.ts";
import { ApiError } from "../../lib/errors.ts";
import { pageInfo, pageWindow } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { auditInsertWhen } from "../kernel/audit-when.ts";
import { contains } from "../kernel/scope.ts";
import { type AdminCtx, auditAdmin } from "./ctx.ts";
import { fromDocument, isUniqueViolation, nameTaken, sameName, toDocument } from "./documents.ts";
import { displayCounts, displaysShowing } from "./usage.ts";

type Row = typeof a.$inferSelect;
type Args<I> = ServiceArgs<I, AdminCtx>;

const notFound = () => new ApiError("not_found", ADMIN_TEXTS.applicationNotFound);

/** The application with this numeric id (the path's {id}; anything else is not found). */
export async function requireApplication(ctx: AdminCtx, id: string): Promise<Row> {
  const number = /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
  const row = Number.isSafeInteger(number) ? await ctx.db.select().from(a).where(eq(a.id, number)).get() : undefined;
  if (!row) throw notFound();
  return row;
}

const summaryOf = (row: Row, counts: Map<string, number>) => ({
  id: row.id,
  uuid: row.uuid,
  name: row.name,
  displays_count: counts.get(row.uuid) ?? 0,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

async function toApplication(ctx: AdminCtx, row: Row): Promise<Application> {
  const counts = await displayCounts(ctx, [row.uuid]);
  return { ...summaryOf(row, counts), document: toDocument(row) };
}

/** GET /application/items/: by name (A→Z), `name` contained in it (any case), 35 a page. */
export async function listApplications({
  ctx,
  input,
}: Args<ApplicationQuery & { url: string }>): Promise<ApplicationList> {
  const where = input.name ? contains(a.name, input.name) : undefined;
  const window = pageWindow(input.page, input.page_size);
  const [rows, total] = await Promise.all([
    ctx.db.select().from(a).where(where).orderBy(asc(a.name), asc(a.id)).limit(window.limit).offset(window.offset),
    ctx.db.select({ n: count() }).from(a).where(where).get(),
  ]);
  const counts = await displayCounts(
    ctx,
    rows.map((row) => row.uuid),
  );
  return {
    applications: rows.map((row) => summaryOf(row, counts)),
    ...pageInfo(input.url, input.page, input.page_size, total?.n ?? 0),
  };
}

/** GET /application/{id}/. */
export async function getApplication({ ctx, input }: Args<{ id: string }>) {
  return toApplication(ctx, await requireApplication(ctx, input.id));
}

/** 400 under `name` when another application has the name (any case). */
async function checkName(ctx: AdminCtx, name: string, except?: number) {
  const taken = await ctx.db
    .select({ id: a.id })
    .from(a)
    .where(and(sameName(a.name, name), except === undefined ? undefined : ne(a.id, except)))
    .get();
  if (taken) throw nameTaken(ADMIN_TEXTS.applicationNameTaken);
}

/** Runs a write; a unique-name violation (a concurrent save took the name) is the same 400 as checkName's. */
async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(ADMIN_TEXTS.applicationNameTaken);
    throw error;
  }
}

/** POST /application/add/: the document's name and every other field (kept as sent); audited. */
export async function createApplication({ ctx, input }: Args<ApplicationDocument>) {
  await checkName(ctx, input.name);
  const uuid = crypto.randomUUID();
  const record = fromDocument(input);
  await uniqueName(
    ctx.db.batch([
      ctx.db.insert(a).values({ uuid, ...record }),
      auditAdmin(ctx, { action: "application.create", entityType: "application", entityUuid: uuid, after: input }),
    ]),
  );
  const row = await ctx.db.select().from(a).where(eq(a.uuid, uuid)).get();
  if (!row) throw notFound();
  return toApplication(ctx, row);
}

/** PATCH /application/{id}/: the document replaces the stored one (fields left out are removed); audited with before and after. */
export async function updateApplication({ ctx, input }: Args<{ id: string; document: ApplicationDocument }>) {
  const current = await requireApplication(ctx, input.id);
  await checkName(ctx, input.document.name, current.id);
  const record = fromDocument(input.document);
  await uniqueName(
    ctx.db.batch([
      ctx.db
        .update(a)
        .set({ ...record, updated_at: nowIso() })
        .where(eq(a.id, current.id)),
      auditAdmin(ctx, {
        action: "application.update",
        entityType: "application",
        entityUuid: current.uuid,
        before: toDocument(current),
        after: input.document,
      }),
    ]),
  );
  return toApplication(ctx, await requireApplication(ctx, input.id));
}

/** 409 naming the displays (and their devices) that show the application. */
async function inUse(ctx: AdminCtx, row: Row) {
  const { names, count: shown } = await displaysShowing(ctx, row.uuid);
  if (shown === 0) return null;
  const more = shown > names.length ? ` and ${shown - names.length} more` : "";
  const message = ADMIN_TEXTS.applicationInUse
    .replace("{name}", row.name)
    .replace("{count}", String(shown))
    .replace("{displays}", `${names.join("; ")}${more}`);
  return new ApiError("conflict", message);
}

/**
 * DELETE /application/{id}/: only an application no display shows (409 naming them otherwise).
 * The delete and its audit entry both hold the "shown nowhere" condition when the batch runs, so
 * a display that starts showing it meanwhile keeps it (and leaves no entry).
 */
export async function deleteApplication({ ctx, input }: Args<{ id: string }>) {
  const current = await requireApplication(ctx, input.id);
  const conflict = await inUse(ctx, current);
  if (conflict) throw conflict;
  const unused = notExists(ctx.db.select({ one: sql`1` }).from(da).where(eq(da.application_uuid, current.uuid)));
  await ctx.db.batch([
    auditInsertWhen(
      ctx.db,
      {
        spaceUuid: null,
        actorUserUuid: ctx.user.uuid,
        action: "application.delete",
        entityType: "application",
        entityUuid: current.uuid,
        before: toDocument(current),
      },
      unused,
    ),
    ctx.db.delete(a).where(and(eq(a.id, current.id), unused)),
  ]);
  const still = await ctx.db.select({ id: a.id }).from(a).where(eq(a.id, current.id)).get();
  if (still) throw (await inUse(ctx, current)) ?? new ApiError("conflict", "The application changed; try again.");
}

import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { AccountList, AccountListQuery, AccountRow, AccountSummary } from "../../../contracts/accounts/schema.ts";
import { ROLE_UUID } from "../../../contracts/reference.ts";
import { roleTable } from "../../../drizzle/schema/role.ts";
import { spaceAccountTable } from "../../../drizzle/schema/space-account.ts";
import { userTable } from "../../../drizzle/schema/user.ts";
import type { SpaceCtx } from "../../env.ts";
import type { Db } from "../../lib/db.ts";
import { pageInfo, pageWindow } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { contains, inList, inSpace } from "../kernel/scope.ts";

export type AccountFilter = Omit<AccountListQuery, "page" | "page_size">;

const columns = {
  account_uuid: spaceAccountTable.account_uuid,
  email: userTable.email,
  display_name: userTable.display_name,
  invited_on: spaceAccountTable.invited_on,
  status: spaceAccountTable.status,
  online: spaceAccountTable.online,
  last_seen: spaceAccountTable.last_seen,
  role_uuid: roleTable.uuid,
  role_name: roleTable.name,
};

/** Memberships of the caller's space with their user and role (the list's FROM). */
const accountsFrom = (db: Db) =>
  db
    .select(columns)
    .from(spaceAccountTable)
    .innerJoin(userTable, eq(userTable.uuid, spaceAccountTable.user_uuid))
    .innerJoin(roleTable, eq(roleTable.uuid, spaceAccountTable.role_uuid));

type Joined = Awaited<ReturnType<ReturnType<typeof accountsFrom>["all"]>>[number];

const toRow = ({ role_uuid, role_name, ...row }: Joined): AccountRow => ({
  ...row,
  roles: [{ uuid: role_uuid, name: role_name }],
});

/** The WHERE of the list and its export: the space and the §3.10 filters (a tags filter is refused by AccountListQuery). */
export function accountWhere(ctx: Pick<SpaceCtx, "space">, f: AccountFilter): SQL | undefined {
  const search = f.search
    ? or(contains(userTable.email, f.search), contains(userTable.display_name, f.search))
    : undefined;
  return inSpace(
    ctx,
    spaceAccountTable,
    search,
    f.status ? eq(spaceAccountTable.status, f.status) : undefined,
    f.online !== undefined ? eq(spaceAccountTable.online, f.online) : undefined,
    f.role_uuid ? eq(spaceAccountTable.role_uuid, f.role_uuid) : undefined,
    // Accounts carry no tags: asking for accounts with a tag is answered truthfully, with none.
    f.tags?.split(",").some((tag) => tag.trim() !== "") ? sql`0` : undefined,
  );
}

/** One page of rows, newest invitation first (account_uuid breaks ties so pages are stable). */
export const accountPage = (ctx: SpaceCtx, where: SQL | undefined, window: { limit: number; offset: number }) =>
  accountsFrom(ctx.db)
    .where(where)
    .orderBy(desc(spaceAccountTable.invited_on), desc(spaceAccountTable.account_uuid))
    .limit(window.limit)
    .offset(window.offset);

const summaryQuery = (ctx: SpaceCtx) =>
  ctx.db
    .select({
      total: count(),
      admins: sql<number>`coalesce(sum(${spaceAccountTable.role_uuid} = ${ROLE_UUID.admin} and ${spaceAccountTable.status} = 'active'), 0)`,
      online: sql<number>`coalesce(sum(${spaceAccountTable.online} = 1 and ${spaceAccountTable.status} = 'active'), 0)`,
      disabled: sql<number>`coalesce(sum(${spaceAccountTable.status} = 'disabled'), 0)`,
    })
    .from(spaceAccountTable)
    .where(inSpace(ctx, spaceAccountTable));

/** GET /space/{space}/account/items/: a page of the filtered list + the space-wide summary. */
export async function listAccounts({
  ctx,
  input,
}: ServiceArgs<AccountListQuery & { url: string }>): Promise<AccountList> {
  const where = accountWhere(ctx, input);
  const counted = ctx.db
    .select({ n: count() })
    .from(spaceAccountTable)
    .innerJoin(userTable, eq(userTable.uuid, spaceAccountTable.user_uuid))
    .where(where);
  const [rows, [total], [summary]] = await ctx.db.batch([
    accountPage(ctx, where, pageWindow(input.page, input.page_size)),
    counted,
    summaryQuery(ctx),
  ]);
  return {
    accounts: rows.map(toRow),
    ...pageInfo(input.url, input.page, input.page_size, total?.n ?? 0),
    summary: toSummary(summary),
  };
}

const toSummary = (s: AccountSummary | undefined): AccountSummary => ({
  total: Number(s?.total ?? 0),
  admins: Number(s?.admins ?? 0),
  online: Number(s?.online ?? 0),
  disabled: Number(s?.disabled ?? 0),
});

/** Rows of these memberships of the caller's space (after an invite or an edit). */
export async function accountRowsByUuid(ctx: SpaceCtx, uuids: readonly string[]): Promise<AccountRow[]> {
  if (uuids.length === 0) return [];
  const rows = await accountsFrom(ctx.db)
    .where(and(inSpace(ctx, spaceAccountTable), inList(spaceAccountTable.account_uuid, uuids)))
    .orderBy(desc(spaceAccountTable.invited_on), desc(spaceAccountTable.account_uuid));
  const byUuid = new Map(rows.map((r) => [r.account_uuid, toRow(r)]));
  return uuids.flatMap((u) => byUuid.get(u) ?? []);
}

export { toRow as toAccountRow };

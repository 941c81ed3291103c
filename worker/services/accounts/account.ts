import { asc, eq } from "drizzle-orm";
import type { CurrentUser } from "../../../contracts/spaces/schema.ts";
import { spaceTable } from "../../../drizzle/schema/space.ts";
import { spaceAccountTable } from "../../../drizzle/schema/space-account.ts";
import type { UserRow } from "../../env.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";

/** POST /account/login/: the signed-in user with the spaces they are an active member of. */
export async function getCurrentUser({
  db,
  user,
  input,
}: {
  db: Db;
  user: UserRow;
  input: { email: string };
}): Promise<CurrentUser> {
  if (input.email.trim().toLowerCase() !== user.email) {
    throw new ApiError("forbidden", "The e-mail does not match the signed-in account.");
  }
  const rows = await db
    .select({
      space_uuid: spaceTable.space_uuid,
      space_name: spaceTable.space_name,
      space_type: spaceTable.space_type,
      space_datacenter: spaceTable.space_datacenter,
      account_uuid: spaceAccountTable.account_uuid,
      status: spaceAccountTable.status,
    })
    .from(spaceAccountTable)
    .innerJoin(spaceTable, eq(spaceTable.space_uuid, spaceAccountTable.space_uuid))
    .where(eq(spaceAccountTable.user_uuid, user.uuid))
    .orderBy(asc(spaceTable.space_name));
  return {
    uuid: user.uuid,
    display_name: user.display_name,
    full_name: user.full_name,
    username: user.username,
    email: user.email,
    sys_dev: user.sys_dev,
    super_admin: user.super_admin,
    spaces: rows.filter((r) => r.status === "active").map(({ status: _s, ...space }) => space),
  };
}

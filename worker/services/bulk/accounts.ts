import type { z } from "zod";
import type { AccountBulkInput, AccountBulkReply, AccountBulkResult } from "../../../contracts/bulk/schema.ts";
import type { SpaceCtx } from "../../env.ts";
import { updateAccount } from "../accounts/accounts.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { failureOf, mapBounded } from "./run.ts";

/**
 * POST /space/{space}/accounts/bulk/ (Admin): a role change or disable for
 * many accounts, each through updateAccount (PATCH …/account/{account}/'s service: the same
 * rules — an Admin cannot demote or disable themselves, so the space keeps an Admin — and the
 * same one audit entry), answered per account. An account not of the space is not found.
 */
export async function bulkAccounts({
  ctx,
  input,
}: ServiceArgs<z.output<typeof AccountBulkInput>, SpaceCtx>): Promise<AccountBulkReply> {
  const uuids = [...new Set(input.account_uuids)];
  const patch = input.action === "set_role" ? { role_uuid: input.role_uuid } : { status: "disabled" as const };
  const results = await mapBounded(uuids, async (account_uuid): Promise<AccountBulkResult> => {
    try {
      await updateAccount({ ctx, input: { ...patch, account_uuid } });
      return { account_uuid, outcome: "succeeded" };
    } catch (error) {
      return { account_uuid, outcome: "failed", ...failureOf(error) };
    }
  });
  return { action: input.action, results };
}

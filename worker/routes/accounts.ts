import {
  exportAccounts as exportAccountsRoute,
  inviteAccounts as inviteAccountsRoute,
  listAccounts as listAccountsRoute,
  reportOffline,
  reportOnline,
  updateAccount as updateAccountRoute,
} from "../../contracts/accounts/routes.ts";
import { AccountList, AccountRow, InviteReply, PresenceReply } from "../../contracts/accounts/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { setPresence, updateAccount } from "../services/accounts/accounts.ts";
import { exportAccounts } from "../services/accounts/export.ts";
import { inviteAccounts } from "../services/accounts/invitations.ts";
import { listAccounts } from "../services/accounts/queries.ts";

const admin = requireRole("admin");
/**
 * /api/space/{space}/account/… (console.md §7.5): members read the list and report their own
 * presence; only Admins invite, change roles and disable. Fixed paths come before /{account}.
 */
export const accountsRoutes = openApiRouter()
  .openapi(exportAccountsRoute, async (c) => {
    const file = await exportAccounts({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(file.body, 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    });
  })
  .openapi(listAccountsRoute, async (c) => {
    const list = await listAccounts({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(AccountList.parse(list), 200);
  })
  .openapi(guarded(inviteAccountsRoute, admin), async (c) => {
    const input = { ...c.req.valid("json"), origin: c.var.config.publicOrigin };
    const accounts = await inviteAccounts({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(InviteReply.parse({ accounts }), 201);
  })
  .openapi(guarded(reportOnline), async (c) => {
    const input = { ...c.req.valid("json"), online: true };
    return c.json(PresenceReply.parse(await setPresence({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  })
  .openapi(guarded(reportOffline), async (c) => {
    const input = { ...c.req.valid("json"), online: false };
    return c.json(PresenceReply.parse(await setPresence({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  })
  .openapi(guarded(updateAccountRoute, admin), async (c) => {
    const input = { ...c.req.valid("json"), account_uuid: c.req.valid("param").account };
    return c.json(AccountRow.parse(await updateAccount({ ctx: spaceCtx(c), input })), 200);
  });

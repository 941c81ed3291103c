import { Hono } from "hono";
import {
  AccountExportQuery,
  AccountList,
  AccountListQuery,
  AccountPatch,
  AccountRow,
  InviteInput,
  InviteReply,
  PresenceInput,
  PresenceReply,
} from "../../contracts/account.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { setPresence, updateAccount } from "../services/accounts/accounts.ts";
import { exportAccounts } from "../services/accounts/export.ts";
import { inviteAccounts } from "../services/accounts/invitations.ts";
import { listAccounts } from "../services/accounts/queries.ts";

const admin = requireRole("admin");
/**
 * /api/space/{space}/account/… (console.md §7.5): members read the list and report their own
 * presence; only Admins invite, change roles and disable. Fixed paths come before /:account.
 */
export const accountsRoutes = new Hono<AppEnv>({ strict: false })
  .get("/account/items/export", validateInput("query", AccountExportQuery), async (c) => {
    const file = await exportAccounts({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(file.body, 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    });
  })
  .get("/account/items", validateInput("query", AccountListQuery), async (c) => {
    const list = await listAccounts({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(AccountList.parse(list));
  })
  .post("/account/add", admin, validateInput("json", InviteInput), async (c) => {
    const input = { ...c.req.valid("json"), origin: c.var.config.publicOrigin };
    const accounts = await inviteAccounts({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(InviteReply.parse({ accounts }), 201);
  })
  .post("/account/login", validateInput("json", PresenceInput), async (c) => {
    const input = { ...c.req.valid("json"), online: true };
    return c.json(PresenceReply.parse(await setPresence({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  })
  .post("/account/logout", validateInput("json", PresenceInput), async (c) => {
    const input = { ...c.req.valid("json"), online: false };
    return c.json(PresenceReply.parse(await setPresence({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  })
  .patch("/account/:account", admin, validateInput("json", AccountPatch), async (c) => {
    const input = { ...c.req.valid("json"), account_uuid: c.req.param("account") };
    return c.json(AccountRow.parse(await updateAccount({ ctx: spaceCtx(c), input })));
  });

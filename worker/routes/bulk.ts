import { bulkAccounts as bulkAccountsRoute, bulkDevices as bulkDevicesRoute } from "../../contracts/bulk/routes.ts";
import { AccountBulkReply, DeviceBulkReply } from "../../contracts/bulk/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { bulkAccounts } from "../services/bulk/accounts.ts";
import { bulkDevices } from "../services/bulk/devices.ts";

/**
 * Bulk actions: devices for Content Managers and Admins (the single-device
 * routes' role), accounts for Admins; answered 200 with a result per row.
 */
export const bulkRoutes = openApiRouter()
  .openapi(guarded(bulkDevicesRoute, requireRole("content_manager")), async (c) => {
    const reply = await bulkDevices({ ctx: spaceCtx(c), input: c.req.valid("json"), defer: deferTo(c) });
    return c.json(DeviceBulkReply.parse(reply), 200);
  })
  .openapi(guarded(bulkAccountsRoute, requireRole("admin")), async (c) => {
    const reply = await bulkAccounts({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(AccountBulkReply.parse(reply), 200);
  });

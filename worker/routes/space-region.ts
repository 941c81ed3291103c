import { createMiddleware } from "hono/factory";
import * as routes from "../../contracts/regions/routes.ts";
import { AdminSpace, AdminSpaceList, REGION_TEXTS } from "../../contracts/regions/schema.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { adminCtx } from "../services/admin/ctx.ts";
import { listAdminSpaces, setSpaceRegion } from "../services/spaces/region.ts";

/** Only a super admin chooses where a space's rooms are placed. */
const superAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user.super_admin) throw new ApiError("forbidden", REGION_TEXTS.forbidden);
  await next();
});

/** /api/admin/space/…: every space's region (the Admin Panel's Spaces page). */
export const spaceRegionRoutes = openApiRouter()
  .openapi(guarded(routes.listAdminSpaces, superAdmin), async (c) =>
    c.json(AdminSpaceList.parse(await listAdminSpaces({ ctx: adminCtx(c) })), 200),
  )
  .openapi(guarded(routes.setSpaceRegion, superAdmin), async (c) => {
    const input = { uuid: c.req.valid("param").id, ...c.req.valid("json") };
    return c.json(AdminSpace.parse(await setSpaceRegion({ ctx: adminCtx(c), input })), 200);
  });

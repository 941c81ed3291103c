import {
  getSpace as getSpaceRoute,
  listRoles as listRolesRoute,
  updateSpace as updateSpaceRoute,
} from "../../contracts/spaces/routes.ts";
import { RoleList, Space, type SpacePatch } from "../../contracts/spaces/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { getSpace, listRoles, updateSpace } from "../services/spaces/space.ts";

/** /api/space/{space}/… — the space itself and its roles. Membership is checked upstream. */
export const spaceRoutes = openApiRouter()
  .openapi(getSpaceRoute, (c) => c.json(Space.parse(getSpace({ ctx: spaceCtx(c) })), 200))
  .openapi(guarded(updateSpaceRoute, requireRole("admin")), async (c) => {
    const space = await updateSpace({
      ctx: spaceCtx(c),
      input: c.req.valid("json") as SpacePatch,
      defer: deferTo(c),
    });
    return c.json(Space.parse(space), 200);
  })
  .openapi(listRolesRoute, async (c) => c.json(RoleList.parse(await listRoles({ ctx: spaceCtx(c) })), 200));

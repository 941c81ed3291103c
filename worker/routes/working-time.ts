import * as routes from "../../contracts/locations/routes.ts";
import { WorkingTime } from "../../contracts/locations/working-time.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import {
  getGlobalWorkingTime,
  getLocationWorkingTime,
  saveGlobalWorkingTime,
  saveLocationWorkingTime,
} from "../services/locations/working-time.ts";

/**
 * /api/space/{space}/working-time/ (the space's schedule; saving is Admin only) and
 * /api/space/{space}/location/{loc}/working-time/ (a location's own; Content Manager).
 */
export const workingTimeRoutes = openApiRouter()
  .openapi(routes.getGlobalWorkingTime, async (c) =>
    c.json(WorkingTime.parse(await getGlobalWorkingTime({ ctx: spaceCtx(c) })), 200),
  )
  .openapi(guarded(routes.saveGlobalWorkingTime, requireRole("admin")), async (c) => {
    const saved = await saveGlobalWorkingTime({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(WorkingTime.parse(saved), 200);
  })
  .openapi(routes.getLocationWorkingTime, async (c) => {
    const input = { location_uuid: c.req.valid("param").loc };
    return c.json(WorkingTime.parse(await getLocationWorkingTime({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(routes.saveLocationWorkingTime, requireRole("content_manager")), async (c) => {
    const saved = await saveLocationWorkingTime({
      ctx: spaceCtx(c),
      input: { ...c.req.valid("json"), location_uuid: c.req.valid("param").loc },
      defer: deferTo(c),
    });
    return c.json(WorkingTime.parse(saved), 200);
  });

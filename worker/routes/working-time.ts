import { Hono } from "hono";
import { WorkingTime, WorkingTimeInput } from "../../contracts/working-time.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
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
export const workingTimeRoutes = new Hono<AppEnv>({ strict: false })
  .get("/working-time", async (c) => c.json(WorkingTime.parse(await getGlobalWorkingTime({ ctx: spaceCtx(c) }))))
  .patch("/working-time", requireRole("admin"), validateInput("json", WorkingTimeInput), async (c) => {
    const saved = await saveGlobalWorkingTime({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(WorkingTime.parse(saved));
  })
  .get("/location/:loc/working-time", async (c) => {
    const schedule = await getLocationWorkingTime({ ctx: spaceCtx(c), input: { location_uuid: c.req.param("loc") } });
    return c.json(WorkingTime.parse(schedule));
  })
  .patch(
    "/location/:loc/working-time",
    requireRole("content_manager"),
    validateInput("json", WorkingTimeInput),
    async (c) => {
      const saved = await saveLocationWorkingTime({
        ctx: spaceCtx(c),
        input: { ...c.req.valid("json"), location_uuid: c.req.param("loc") },
        defer: deferTo(c),
      });
      return c.json(WorkingTime.parse(saved));
    },
  );

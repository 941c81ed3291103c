import {
  listLocationAvailability as availabilityRoute,
  getWallSummary as summaryRoute,
} from "../../contracts/api/wall.ts";
import { AvailabilityList, WallSummary } from "../../contracts/wall.ts";
import { openApiRouter } from "../lib/openapi.ts";
import { spaceCtx } from "../middleware/space.ts";
import { listLocationAvailability } from "../services/monitoring/availability.ts";
import { wallSummary } from "../services/monitoring/wall-summary.ts";

/**
 * /api/space/{space}/wall/ and …/location/availability/ (issue 16): the NOC wall's reads; any
 * member reads them. Mounted before the location routes: …/location/{loc}/ would otherwise take
 * "availability" for a location's uuid.
 */
export const wallRoutes = openApiRouter()
  .openapi(summaryRoute, async (c) =>
    c.json(WallSummary.parse(await wallSummary({ ctx: spaceCtx(c), input: c.req.valid("query") })), 200),
  )
  .openapi(availabilityRoute, async (c) =>
    c.json(
      AvailabilityList.parse(await listLocationAvailability({ ctx: spaceCtx(c), input: c.req.valid("query") })),
      200,
    ),
  );

import {
  listLocationAvailability as availabilityRoute,
  getWallSummary as summaryRoute,
} from "../../contracts/wall/routes.ts";
import { AvailabilityList, type WallScopeQuery, WallSummary } from "../../contracts/wall/schema.ts";
import type { AppEnv } from "../env.ts";
import { openApiRouter } from "../lib/openapi.ts";
import { spaceCtx } from "../middleware/space.ts";
import { listLocationAvailability } from "../services/monitoring/availability.ts";
import { wallSummary } from "../services/monitoring/wall-summary.ts";

/**
 * The scope a read covers: a display link narrowed to a group or a location always reads within
 * it (requireSpaceMember already refused a query naming anything outside it), whatever the query
 * leaves out; anyone else reads what the query asks.
 */
function scopedQuery<Q extends WallScopeQuery>(c: { var: AppEnv["Variables"] }, query: Q): Q {
  const principal = c.var.principal;
  if (principal?.kind !== "display_link") return query;
  const { location_group_uuid, location_uuid } = principal.credential;
  if (location_uuid) return { ...query, location: location_uuid };
  if (location_group_uuid) return { ...query, group: location_group_uuid };
  return query;
}

/**
 * /api/space/{space}/wall/ and …/location/availability/: the NOC wall's reads; any
 * member reads them. Mounted before the location routes: …/location/{loc}/ would otherwise take
 * "availability" for a location's uuid.
 */
export const wallRoutes = openApiRouter()
  .openapi(summaryRoute, async (c) =>
    c.json(
      WallSummary.parse(await wallSummary({ ctx: spaceCtx(c), input: scopedQuery(c, c.req.valid("query")) })),
      200,
    ),
  )
  .openapi(availabilityRoute, async (c) =>
    c.json(
      AvailabilityList.parse(
        await listLocationAvailability({ ctx: spaceCtx(c), input: scopedQuery(c, c.req.valid("query")) }),
      ),
      200,
    ),
  );

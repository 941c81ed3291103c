import { commonErrors, defineRoute, jsonResponse, SpaceParam } from "../http/route.ts";
import { AvailabilityList, AvailabilityListQuery, WallScopeQuery, WallSummary } from "./schema.ts";

const tags = ["Wall"];

/** GET /space/{space}/wall/: the NOC wall's summary (totals, locations, groups, critical devices). */
export const getWallSummary = defineRoute({
  method: "get",
  path: "/space/{space}/wall",
  summary:
    "The NOC wall's summary: fleet totals, every location's status and counts, the groups and the devices in critical health; `group` / `location` narrow it",
  tags,
  request: { params: SpaceParam, query: WallScopeQuery },
  responses: { 200: jsonResponse(WallSummary), ...commonErrors },
});

/** GET /space/{space}/location/availability/: each location's availability over its working hours. */
export const listLocationAvailability = defineRoute({
  method: "get",
  path: "/space/{space}/location/availability",
  summary:
    "Each location's share of its working time (its own or the global schedule, on its clock) in the last 24 h or 7 d during which all its installed devices were online, worst first",
  tags,
  request: { params: SpaceParam, query: AvailabilityListQuery },
  responses: { 200: jsonResponse(AvailabilityList), ...commonErrors },
});

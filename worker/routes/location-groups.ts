import * as routes from "../../contracts/location-groups/routes.ts";
import { LocationGroup, LocationGroupList } from "../../contracts/location-groups/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { csvHeaders } from "../services/kernel/csv.ts";
import { exportGroups, getGroup, listGroups } from "../services/locations/group-queries.ts";
import { createGroup, deleteGroup, updateGroup } from "../services/locations/groups.ts";

const writer = requireRole("content_manager");

/** /api/space/{space}/location-group/…: reads for members, writes for Content Managers and Admins. */
export const locationGroupRoutes = openApiRouter()
  .openapi(routes.exportLocationGroups, async (c) => {
    const csv = await exportGroups({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(csv, 200, csvHeaders("location_groups_export.csv"));
  })
  .openapi(routes.listLocationGroups, async (c) => {
    const list = await listGroups({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(LocationGroupList.parse(list), 200);
  })
  .openapi(guarded(routes.addLocationGroup, writer), async (c) => {
    const group = await createGroup({ ctx: spaceCtx(c), input: c.req.valid("json"), defer: deferTo(c) });
    return c.json(LocationGroup.parse(group), 201);
  })
  .openapi(routes.getLocationGroup, async (c) => {
    const group = await getGroup({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").uuid } });
    return c.json(LocationGroup.parse(group), 200);
  })
  .openapi(guarded(routes.editLocationGroup, writer), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.valid("param").uuid };
    return c.json(LocationGroup.parse(await updateGroup({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  })
  .openapi(guarded(routes.deleteLocationGroup, writer), async (c) => {
    await deleteGroup({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").uuid }, defer: deferTo(c) });
    return c.body(null, 204);
  });

import { Hono } from "hono";
import {
  LocationGroup,
  LocationGroupAddInput,
  LocationGroupList,
  LocationGroupPatch,
  LocationGroupQuery,
} from "../../contracts/location-group.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { csvHeaders } from "../services/kernel/csv.ts";
import { exportGroups, getGroup, listGroups } from "../services/locations/group-queries.ts";
import { createGroup, deleteGroup, updateGroup } from "../services/locations/groups.ts";

const writer = requireRole("content_manager");

/** /api/space/{space}/location-group/…: reads for members, writes for Content Managers and Admins. */
export const locationGroupRoutes = new Hono<AppEnv>({ strict: false })
  .get("/location-group/items/export", validateInput("query", LocationGroupQuery), async (c) => {
    const csv = await exportGroups({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(csv, 200, csvHeaders("location_groups_export.csv"));
  })
  .get("/location-group/items", validateInput("query", LocationGroupQuery), async (c) => {
    const list = await listGroups({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(LocationGroupList.parse(list));
  })
  .post("/location-group/add", writer, validateInput("json", LocationGroupAddInput), async (c) => {
    const group = await createGroup({ ctx: spaceCtx(c), input: c.req.valid("json"), defer: deferTo(c) });
    return c.json(LocationGroup.parse(group), 201);
  })
  .get("/location-group/:uuid", async (c) => {
    const group = await getGroup({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid") } });
    return c.json(LocationGroup.parse(group));
  })
  .patch("/location-group/:uuid", writer, validateInput("json", LocationGroupPatch), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.param("uuid") };
    return c.json(LocationGroup.parse(await updateGroup({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  })
  .delete("/location-group/:uuid", writer, async (c) => {
    await deleteGroup({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid") }, defer: deferTo(c) });
    return c.body(null, 204);
  });

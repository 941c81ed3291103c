import { Hono } from "hono";
import {
  Location,
  LocationAddInput,
  LocationEditInput,
  LocationList,
  LocationListQuery,
} from "../../contracts/location.ts";
import {
  CameraList,
  DeviceLocationQuery,
  LocationDeviceList,
  LocationDeviceQuery,
} from "../../contracts/location-assets.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { csvHeaders } from "../services/kernel/csv.ts";
import { listLocationCameras, listLocationDevices } from "../services/locations/assets.ts";
import { exportLocations } from "../services/locations/export.ts";
import { createLocation, deleteLocation, updateLocation } from "../services/locations/locations.ts";
import { getLocation, listLocations } from "../services/locations/queries.ts";

const writer = requireRole("content_manager");

/**
 * /api/space/{space}/location/…: reads for members, writes for Content Managers and Admins.
 * Fixed paths (items, add) are registered before /location/:loc.
 */
export const locationRoutes = new Hono<AppEnv>({ strict: false })
  .get("/location/items/export", validateInput("query", LocationListQuery), async (c) => {
    const csv = await exportLocations({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(csv, 200, csvHeaders("locations_export.csv"));
  })
  .get("/location/items", validateInput("query", LocationListQuery), async (c) => {
    const list = await listLocations({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(LocationList.parse(list));
  })
  .post("/location/add", writer, validateInput("json", LocationAddInput), async (c) => {
    const location = await createLocation({ ctx: spaceCtx(c), input: c.req.valid("json"), defer: deferTo(c) });
    return c.json(Location.parse(location), 201);
  })
  .get("/location/:loc/asset/items", validateInput("query", LocationDeviceQuery), async (c) => {
    const input = { ...c.req.valid("query"), location_uuid: c.req.param("loc"), url: c.req.url };
    return c.json(LocationDeviceList.parse(await listLocationDevices({ ctx: spaceCtx(c), input })));
  })
  .get("/location/:loc/camera/items", async (c) => {
    const cameras = await listLocationCameras({ ctx: spaceCtx(c), input: { location_uuid: c.req.param("loc") } });
    return c.json(CameraList.parse(cameras));
  })
  .get("/location/:loc", async (c) => {
    const location = await getLocation({ ctx: spaceCtx(c), input: { uuid: c.req.param("loc") } });
    return c.json(Location.parse(location));
  })
  .patch("/location/:loc", writer, validateInput("json", LocationEditInput), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.param("loc") };
    return c.json(Location.parse(await updateLocation({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  })
  .delete("/location/:loc", writer, async (c) => {
    await deleteLocation({ ctx: spaceCtx(c), input: { uuid: c.req.param("loc") }, defer: deferTo(c) });
    return c.body(null, 204);
  })
  // devices.md §7 "Lists": a location's devices, paged, with the location as a parameter.
  .get("/device/location/items", validateInput("query", DeviceLocationQuery), async (c) => {
    const list = await listLocationDevices({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(LocationDeviceList.parse(list));
  });

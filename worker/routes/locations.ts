import { CameraList, LocationDeviceList } from "../../contracts/locations/assets.ts";
import * as routes from "../../contracts/locations/routes.ts";
import { Location, LocationList } from "../../contracts/locations/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { csvHeaders } from "../services/kernel/csv.ts";
import { listLocationCameras, listLocationDevices } from "../services/locations/assets.ts";
import { exportLocations } from "../services/locations/export.ts";
import { createLocation, deleteLocation, updateLocation } from "../services/locations/locations.ts";
import { getLocation, listLocations } from "../services/locations/queries.ts";

const writer = requireRole("content_manager");

/**
 * /api/space/{space}/location/…: reads for members, writes for Content Managers and Admins.
 * Fixed paths (items, add) are registered before /location/{loc}.
 */
export const locationRoutes = openApiRouter()
  .openapi(routes.exportLocations, async (c) => {
    const csv = await exportLocations({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(csv, 200, csvHeaders("locations_export.csv"));
  })
  .openapi(routes.listLocations, async (c) => {
    const list = await listLocations({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(LocationList.parse(list), 200);
  })
  .openapi(guarded(routes.addLocation, writer), async (c) => {
    const location = await createLocation({ ctx: spaceCtx(c), input: c.req.valid("json"), defer: deferTo(c) });
    return c.json(Location.parse(location), 201);
  })
  .openapi(routes.listLocationAssets, async (c) => {
    const input = { ...c.req.valid("query"), location_uuid: c.req.valid("param").loc, url: c.req.url };
    return c.json(LocationDeviceList.parse(await listLocationDevices({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(routes.listLocationCameras, async (c) => {
    const input = { location_uuid: c.req.valid("param").loc };
    return c.json(CameraList.parse(await listLocationCameras({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(routes.getLocation, async (c) => {
    const location = await getLocation({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").loc } });
    return c.json(Location.parse(location), 200);
  })
  .openapi(guarded(routes.editLocation, writer), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.valid("param").loc };
    return c.json(Location.parse(await updateLocation({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  })
  .openapi(guarded(routes.deleteLocation, writer), async (c) => {
    await deleteLocation({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").loc }, defer: deferTo(c) });
    return c.body(null, 204);
  })
  // devices.md §7 "Lists": a location's devices, paged, with the location as a parameter.
  .openapi(routes.listDevicesOfLocation, async (c) => {
    const list = await listLocationDevices({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(LocationDeviceList.parse(list), 200);
  });

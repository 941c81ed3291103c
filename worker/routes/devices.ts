import { DeviceAuditList, DeviceAvailability, DeviceDetail } from "../../contracts/devices/detail.ts";
import {
  addDevice as addDeviceRoute,
  editDevice as editDeviceRoute,
  exportAssets as exportAssetsRoute,
  exportDevices as exportDevicesRoute,
  getCamera as getCameraRoute,
  getDeviceAvailability as getDeviceAvailabilityRoute,
  getDevice as getDeviceRoute,
  listAssets as listAssetsRoute,
  listCategoryTypes as listCategoryTypesRoute,
  listDeviceAudit as listDeviceAuditRoute,
  listDeviceCategories as listDeviceCategoriesRoute,
  listDevices as listDevicesRoute,
  listDeviceTypes as listDeviceTypesRoute,
  listSpaceCameras as listSpaceCamerasRoute,
} from "../../contracts/devices/routes.ts";
import {
  DeviceCategoryList,
  DeviceCategoryTypeList,
  DeviceList,
  DeviceTypeList,
} from "../../contracts/devices/schema.ts";
import { CameraList } from "../../contracts/locations/assets.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { getDeviceDetail } from "../services/devices/detail.ts";
import { createDevice, updateDevice } from "../services/devices/devices.ts";
import { exportDevices } from "../services/devices/export.ts";
import { getDeviceAvailability, listDeviceAudit } from "../services/devices/history.ts";
import { listDevices } from "../services/devices/list.ts";
import {
  listCategoryTypes,
  listDeviceCategories,
  listDeviceTypes,
  listSpaceCameras,
} from "../services/devices/reference.ts";
import { csvHeaders } from "../services/kernel/csv.ts";
import { cameraRoutes } from "./cameras.ts";

const writer = requireRole("content_manager");

/**
 * /api/space/{space}/… device lists, reference lists and one device (devices.md §7). Reads for
 * members, writes for Content Managers and Admins. Fixed paths come before /device/{uuid}.
 */
export const deviceRoutes = openApiRouter()
  .openapi(listDevicesRoute, async (c) => {
    const list = await listDevices({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(DeviceList.parse(list), 200);
  })
  .openapi(exportDevicesRoute, async (c) => {
    const csv = await exportDevices({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(csv, 200, csvHeaders("devices_export.csv"));
  })
  .openapi(exportAssetsRoute, async (c) => {
    const csv = await exportDevices({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(csv, 200, csvHeaders("devices_export.csv"));
  })
  .openapi(listAssetsRoute, async (c) => {
    const list = await listDevices({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(DeviceList.parse(list), 200);
  })
  .openapi(listDeviceTypesRoute, async (c) => c.json(DeviceTypeList.parse(await listDeviceTypes({ ctx: c.var })), 200))
  .openapi(listDeviceCategoriesRoute, async (c) =>
    c.json(DeviceCategoryList.parse(await listDeviceCategories({ ctx: c.var })), 200),
  )
  .openapi(listCategoryTypesRoute, async (c) =>
    c.json(DeviceCategoryTypeList.parse(await listCategoryTypes({ ctx: c.var })), 200),
  )
  .openapi(listSpaceCamerasRoute, async (c) => {
    const cameras = await listSpaceCameras({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.json(CameraList.parse(cameras), 200);
  })
  .openapi(guarded(addDeviceRoute, writer), async (c) => {
    const device = await createDevice({ ctx: spaceCtx(c), input: c.req.valid("json"), defer: deferTo(c) });
    return c.json(DeviceDetail.parse(device), 201);
  })
  .openapi(getCameraRoute, async (c) => {
    const { uuid } = c.req.valid("param");
    const device = await getDeviceDetail({ ctx: spaceCtx(c), input: { uuid, kind: "camera" } });
    return c.json(DeviceDetail.parse(device), 200);
  })
  .openapi(getDeviceRoute, async (c) => {
    const device = await getDeviceDetail({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").uuid } });
    return c.json(DeviceDetail.parse(device), 200);
  })
  .openapi(guarded(editDeviceRoute, writer), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.valid("param").uuid };
    return c.json(DeviceDetail.parse(await updateDevice({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  })
  .openapi(listDeviceAuditRoute, async (c) => {
    const input = { ...c.req.valid("query"), uuid: c.req.valid("param").uuid, url: c.req.url };
    return c.json(DeviceAuditList.parse(await listDeviceAudit({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(getDeviceAvailabilityRoute, async (c) => {
    const input = { ...c.req.valid("query"), uuid: c.req.valid("param").uuid };
    return c.json(DeviceAvailability.parse(await getDeviceAvailability({ ctx: spaceCtx(c), input })), 200);
  })
  // devices.md §7 Camera: /location/{loc}/camera/{camera}/… (connection test, save, snapshot).
  .route("/", cameraRoutes);

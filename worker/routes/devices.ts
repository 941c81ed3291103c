import { Hono } from "hono";
import {
  DeviceAddInput,
  DeviceCategoryList,
  DeviceCategoryTypeList,
  DeviceEditInput,
  DeviceList,
  DeviceListQuery,
  DeviceTypeList,
  SpaceCameraQuery,
} from "../../contracts/device.ts";
import { AvailabilityQuery, DeviceAuditList, DeviceAvailability, DeviceDetail } from "../../contracts/device-detail.ts";
import { CameraList } from "../../contracts/location-assets.ts";
import { PageQuery } from "../../contracts/paging.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
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

const writer = requireRole("content_manager");

/**
 * /api/space/{space}/… device lists, reference lists and one device (devices.md §7). Reads for
 * members, writes for Content Managers and Admins. Fixed paths come before /device/:uuid.
 */
export const deviceRoutes = new Hono<AppEnv>({ strict: false })
  .get("/device/items", validateInput("query", DeviceListQuery), async (c) => {
    const list = await listDevices({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(DeviceList.parse(list));
  })
  .get("/asset/items/export", validateInput("query", DeviceListQuery), async (c) => {
    const csv = await exportDevices({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.body(csv, 200, csvHeaders("devices_export.csv"));
  })
  .get("/asset/items", validateInput("query", DeviceListQuery), async (c) => {
    const list = await listDevices({ ctx: spaceCtx(c), input: { ...c.req.valid("query"), url: c.req.url } });
    return c.json(DeviceList.parse(list));
  })
  .get("/device-type/items", async (c) => c.json(DeviceTypeList.parse(await listDeviceTypes({ ctx: c.var }))))
  .get("/device-category/items", async (c) =>
    c.json(DeviceCategoryList.parse(await listDeviceCategories({ ctx: c.var }))),
  )
  .get("/device/category-type/items", async (c) =>
    c.json(DeviceCategoryTypeList.parse(await listCategoryTypes({ ctx: c.var }))),
  )
  .get("/camera/items", validateInput("query", SpaceCameraQuery), async (c) => {
    const cameras = await listSpaceCameras({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.json(CameraList.parse(cameras));
  })
  .post("/device/add", writer, validateInput("json", DeviceAddInput), async (c) => {
    const device = await createDevice({ ctx: spaceCtx(c), input: c.req.valid("json"), defer: deferTo(c) });
    return c.json(DeviceDetail.parse(device), 201);
  })
  .get("/camera/:uuid", async (c) => {
    const device = await getDeviceDetail({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid"), kind: "camera" } });
    return c.json(DeviceDetail.parse(device));
  })
  .get("/device/:uuid", async (c) => {
    const device = await getDeviceDetail({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid") } });
    return c.json(DeviceDetail.parse(device));
  })
  .patch("/device/:uuid", writer, validateInput("json", DeviceEditInput), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.param("uuid") };
    return c.json(DeviceDetail.parse(await updateDevice({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  })
  .get("/device/:uuid/audit/items", validateInput("query", PageQuery), async (c) => {
    const input = { ...c.req.valid("query"), uuid: c.req.param("uuid"), url: c.req.url };
    return c.json(DeviceAuditList.parse(await listDeviceAudit({ ctx: spaceCtx(c), input })));
  })
  .get("/device/:uuid/availability", validateInput("query", AvailabilityQuery), async (c) => {
    const input = { ...c.req.valid("query"), uuid: c.req.param("uuid") };
    return c.json(DeviceAvailability.parse(await getDeviceAvailability({ ctx: spaceCtx(c), input })));
  });

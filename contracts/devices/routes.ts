import { z } from "zod";
import { PageQuery } from "../http/paging.ts";
import {
  commonErrors,
  csvExportOf,
  defineRoute,
  deleteRoute,
  jsonBody,
  jsonResponse,
  SpaceParam,
} from "../http/route.ts";
import { CameraList } from "../locations/assets.ts";
import { AvailabilityQuery, DeviceAuditList, DeviceAvailability, DeviceDetail } from "./detail.ts";
import {
  ArchivedStatusInput,
  DeviceAddInput,
  DeviceCategoryList,
  DeviceCategoryTypeList,
  DeviceEditInput,
  DeviceList,
  DeviceListQuery,
  DeviceTypeList,
  SpaceCameraQuery,
} from "./schema.ts";

const tags = ["Devices"];

/** Path parameters of one device of a space (…/device/{uuid}/…). */
export const DeviceParam = SpaceParam.extend({ uuid: z.string().meta({ description: "The device's uuid" }) });

export const listDevices = defineRoute({
  method: "get",
  path: "/space/{space}/device/items",
  summary: "The space's devices, filtered and ordered; page numbers or a keyset `cursor` (console.md §3.10)",
  tags,
  request: { params: SpaceParam, query: DeviceListQuery },
  responses: { 200: jsonResponse(DeviceList), ...commonErrors },
});

export const exportDevices = csvExportOf(
  listDevices,
  "devices_export.csv",
  "The device list with the list's filters and ordering as a CSV file (devices_export.csv), streamed",
);

export const listAssets = defineRoute({
  ...listDevices,
  path: "/space/{space}/asset/items",
  summary: "The asset list: the device list under its asset path (same query and reply)",
});

export const exportAssets = csvExportOf(
  listAssets,
  "devices_export.csv",
  "The asset list with the list's filters and ordering as a CSV file (devices_export.csv), streamed",
);

export const listDeviceTypes = defineRoute({
  method: "get",
  path: "/space/{space}/device-type/items",
  summary: "The device types (reference list)",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(DeviceTypeList), ...commonErrors },
});

export const listDeviceCategories = defineRoute({
  method: "get",
  path: "/space/{space}/device-category/items",
  summary: "The device categories (reference list)",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(DeviceCategoryList), ...commonErrors },
});

export const listCategoryTypes = defineRoute({
  method: "get",
  path: "/space/{space}/device/category-type/items",
  summary: "Each device category with the device types it holds",
  tags,
  request: { params: SpaceParam },
  responses: { 200: jsonResponse(DeviceCategoryTypeList), ...commonErrors },
});

export const listSpaceCameras = defineRoute({
  method: "get",
  path: "/space/{space}/camera/items",
  summary: "Every camera of the space, or of one location (`location_uuid`)",
  tags,
  request: { params: SpaceParam, query: SpaceCameraQuery },
  responses: { 200: jsonResponse(CameraList), ...commonErrors },
});

export const addDevice = defineRoute({
  method: "post",
  path: "/space/{space}/device/add",
  summary: "Add a runner device to a location of the space; Content Manager or Admin",
  tags,
  request: { params: SpaceParam, body: jsonBody(DeviceAddInput) },
  responses: { 201: jsonResponse(DeviceDetail, "The new device"), ...commonErrors },
});

export const getDevice = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}",
  summary: "One device with its displays, peripherals, settings and latest telemetry",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(DeviceDetail), ...commonErrors },
});

export const getCamera = defineRoute({
  ...getDevice,
  path: "/space/{space}/camera/{uuid}",
  summary: "A camera-type device with its connection settings",
});

export const editDevice = defineRoute({
  method: "patch",
  path: "/space/{space}/device/{uuid}",
  summary: "Edit a device's name, description and tags (a field left out is unchanged); Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(DeviceEditInput) },
  responses: { 200: jsonResponse(DeviceDetail), ...commonErrors },
});

export const listDeviceAudit = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/audit/items",
  summary: "The device's audit log, newest first, paged",
  tags,
  request: { params: DeviceParam, query: PageQuery },
  responses: { 200: jsonResponse(DeviceAuditList), ...commonErrors },
});

export const getDeviceAvailability = defineRoute({
  method: "get",
  path: "/space/{space}/device/{uuid}/availability",
  summary: "Seconds online per UTC day over the last `days` days, oldest first",
  tags,
  request: { params: DeviceParam, query: AvailabilityQuery },
  responses: { 200: jsonResponse(DeviceAvailability), ...commonErrors },
});

export const deleteDevice = deleteRoute({
  path: "/space/{space}/device/{uuid}",
  summary: "Delete a device never installed, without peripherals or displays; Content Manager or Admin",
  tags,
  params: DeviceParam,
});

export const setDeviceArchived = defineRoute({
  method: "patch",
  path: "/space/{space}/device/{uuid}/archived-status",
  summary: "Archive or unarchive a device (devices.md §4 menu by status); Content Manager or Admin",
  tags,
  request: { params: DeviceParam, body: jsonBody(ArchivedStatusInput) },
  responses: { 200: jsonResponse(DeviceDetail), ...commonErrors },
});

export const terminateConnection = defineRoute({
  method: "patch",
  path: "/space/{space}/device/{uuid}/terminate-connection",
  summary: "End a pending installation (its unused codes and QR claim are revoked); Content Manager or Admin",
  tags,
  request: { params: DeviceParam },
  responses: { 200: jsonResponse(DeviceDetail), ...commonErrors },
});

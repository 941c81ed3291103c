import { DeviceDetail } from "../devices/detail.ts";
import { ApiErrorBody } from "../http/errors.ts";
import { bodyErrors, commonErrors, defineRoute, jsonBody, jsonResponse } from "../http/route.ts";
import { LocationParam } from "../locations/routes.ts";
import {
  DetectedDeviceInstallInput,
  DetectedDeviceList,
  DetectedDeviceQuery,
  DetectionScan,
  DetectionState,
} from "./schema.ts";

const tags = ["Device detection"];

export const startDetection = defineRoute({
  method: "post",
  path: "/space/{space}/location/{loc}/devices-detection",
  summary:
    "Start a Detect Devices scan at a location (its findings arrive in the location's room); Content Manager or Admin",
  tags,
  request: { params: LocationParam },
  responses: {
    202: jsonResponse(DetectionScan, "The scan, started"),
    ...commonErrors,
    503: jsonResponse(ApiErrorBody, "No device at the location can run a scan (the scan is recorded as no_service)"),
  },
});

export const getDetectionState = defineRoute({
  method: "get",
  path: "/space/{space}/location/{loc}/devices-detection",
  summary: "The location's latest scan (null before the first)",
  tags,
  request: { params: LocationParam },
  responses: { 200: jsonResponse(DetectionState), ...commonErrors },
});

export const listDetectedDevices = defineRoute({
  method: "get",
  path: "/space/{space}/location/{loc}/devices-detection/items",
  summary: "The machines the latest scan found, paged",
  tags,
  request: { params: LocationParam, query: DetectedDeviceQuery },
  responses: { 200: jsonResponse(DetectedDeviceList), ...commonErrors },
});

export const installDetectedDevice = defineRoute({
  method: "post",
  path: "/space/{space}/location/{loc}/detected-device-installation",
  summary: "Install a detected machine as a new device at the location; Content Manager or Admin",
  tags,
  request: { params: LocationParam, body: jsonBody(DetectedDeviceInstallInput) },
  responses: { 201: jsonResponse(DeviceDetail, "The new device"), ...bodyErrors },
});

import * as routes from "../../contracts/detection/routes.ts";
import { DetectedDeviceList, DetectionScan, DetectionState } from "../../contracts/detection/schema.ts";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { installDetectedDevice, listDetectedDevices } from "../services/detection/detected-devices.ts";
import { getDetectionState, startDetection } from "../services/detection/detection.ts";

const writer = requireRole("content_manager");

/**
 * Detect Devices at a location (contracts/detection/schema.ts; console.md §2.7, devices.md §2, §7):
 * start a scan (writers), read its state and findings (members), install a finding (writers).
 */
export const detectionRoutes = openApiRouter()
  .openapi(guarded(routes.startDetection, writer), async (c) => {
    const input = { location_uuid: c.req.valid("param").loc };
    const scan = await startDetection({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(DetectionScan.parse(scan), 202);
  })
  .openapi(routes.getDetectionState, async (c) => {
    const input = { location_uuid: c.req.valid("param").loc };
    return c.json(DetectionState.parse(await getDetectionState({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(routes.listDetectedDevices, async (c) => {
    const input = { ...c.req.valid("query"), location_uuid: c.req.valid("param").loc, url: c.req.url };
    return c.json(DetectedDeviceList.parse(await listDetectedDevices({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(routes.installDetectedDevice, writer), async (c) => {
    const input = { ...c.req.valid("json"), location_uuid: c.req.valid("param").loc };
    const device = await installDetectedDevice({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(DeviceDetail.parse(device), 201);
  });

import { Hono } from "hono";
import {
  DetectedDeviceInstallInput,
  DetectedDeviceList,
  DetectedDeviceQuery,
  DetectionScan,
  DetectionState,
} from "../../contracts/detection.ts";
import { DeviceDetail } from "../../contracts/device-detail.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { installDetectedDevice, listDetectedDevices } from "../services/detection/detected-devices.ts";
import { getDetectionState, startDetection } from "../services/detection/detection.ts";

const writer = requireRole("content_manager");

/**
 * Detect Devices at a location (contracts/detection.ts; console.md §2.7, devices.md §2, §7):
 * start a scan (writers), read its state and findings (members), install a finding (writers).
 */
export const detectionRoutes = new Hono<AppEnv>({ strict: false })
  .post("/location/:loc/devices-detection", writer, async (c) => {
    const input = { location_uuid: c.req.param("loc") };
    const scan = await startDetection({ ctx: spaceCtx(c), input, defer: deferTo(c) });
    return c.json(DetectionScan.parse(scan), 202);
  })
  .get("/location/:loc/devices-detection", async (c) => {
    const state = await getDetectionState({ ctx: spaceCtx(c), input: { location_uuid: c.req.param("loc") } });
    return c.json(DetectionState.parse(state));
  })
  .get("/location/:loc/devices-detection/items", validateInput("query", DetectedDeviceQuery), async (c) => {
    const input = { ...c.req.valid("query"), location_uuid: c.req.param("loc"), url: c.req.url };
    return c.json(DetectedDeviceList.parse(await listDetectedDevices({ ctx: spaceCtx(c), input })));
  })
  .post(
    "/location/:loc/detected-device-installation",
    writer,
    validateInput("json", DetectedDeviceInstallInput),
    async (c) => {
      const input = { ...c.req.valid("json"), location_uuid: c.req.param("loc") };
      const device = await installDetectedDevice({ ctx: spaceCtx(c), input, defer: deferTo(c) });
      return c.json(DeviceDetail.parse(device), 201);
    },
  );

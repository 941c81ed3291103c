import { DeviceDetail } from "../../contracts/devices/detail.ts";
import {
  deleteDevice as deleteDeviceRoute,
  setDeviceArchived as setDeviceArchivedRoute,
  terminateConnection as terminateConnectionRoute,
} from "../../contracts/devices/routes.ts";
import { deferTo } from "../lib/defer.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { deleteDevice, setArchived, terminateConnection } from "../services/devices/lifecycle.ts";

const writer = requireRole("content_manager");

/** Delete, archive/unarchive and terminate (devices.md §4 menu by status, enforced by the services). */
export const deviceLifecycleRoutes = openApiRouter()
  .openapi(guarded(deleteDeviceRoute, writer), async (c) => {
    await deleteDevice({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").uuid }, defer: deferTo(c) });
    return c.body(null, 204);
  })
  .openapi(guarded(setDeviceArchivedRoute, writer), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.valid("param").uuid };
    return c.json(DeviceDetail.parse(await setArchived({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  })
  .openapi(guarded(terminateConnectionRoute, writer), async (c) => {
    const input = { uuid: c.req.valid("param").uuid };
    return c.json(DeviceDetail.parse(await terminateConnection({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  });

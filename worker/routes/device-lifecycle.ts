import { Hono } from "hono";
import { ArchivedStatusInput } from "../../contracts/device.ts";
import { DeviceDetail } from "../../contracts/device-detail.ts";
import type { AppEnv } from "../env.ts";
import { deferTo } from "../lib/defer.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { deleteDevice, setArchived, terminateConnection } from "../services/devices/lifecycle.ts";

const writer = requireRole("content_manager");

/** Delete, archive/unarchive and terminate (devices.md §4 menu by status, enforced by the services). */
export const deviceLifecycleRoutes = new Hono<AppEnv>({ strict: false })
  .delete("/device/:uuid", writer, async (c) => {
    await deleteDevice({ ctx: spaceCtx(c), input: { uuid: c.req.param("uuid") }, defer: deferTo(c) });
    return c.body(null, 204);
  })
  .patch("/device/:uuid/archived-status", writer, validateInput("json", ArchivedStatusInput), async (c) => {
    const input = { ...c.req.valid("json"), uuid: c.req.param("uuid") };
    return c.json(DeviceDetail.parse(await setArchived({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  })
  .patch("/device/:uuid/terminate-connection", writer, async (c) => {
    const input = { uuid: c.req.param("uuid") };
    return c.json(DeviceDetail.parse(await terminateConnection({ ctx: spaceCtx(c), input, defer: deferTo(c) })));
  });

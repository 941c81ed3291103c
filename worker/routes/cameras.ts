import {
  cameraConnectionTest as cameraConnectionTestRoute,
  getCameraSnapshot as getCameraSnapshotRoute,
  takeCameraSnapshot as takeCameraSnapshotRoute,
  updateCamera as updateCameraRoute,
} from "../../contracts/cameras/routes.ts";
import { CameraConnectionTestResult, CameraSaved, CameraSnapshotResult } from "../../contracts/cameras/schema.ts";
import { deferTo } from "../lib/defer.ts";
import { ApiError } from "../lib/errors.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import {
  getCameraSnapshot,
  takeCameraSnapshot,
  testCameraConnection,
  updateCamera,
} from "../services/devices/cameras.ts";

const writer = requireRole("content_manager");

/** A snapshot name that is not `{id}.jpg` is no route: 404 like any unknown path. */
const snapshotNotFound = (result: { success: boolean }): undefined => {
  if (!result.success) throw new ApiError("not_found", "Not found.");
};

/** devices.md §7 Camera: /api/space/{space}/location/{loc}/camera/{camera}/… */
export const cameraRoutes = openApiRouter()
  .openapi(guarded(cameraConnectionTestRoute, writer), async (c) => {
    const input = { ...c.req.valid("param"), body: c.req.valid("json") };
    return c.json(CameraConnectionTestResult.parse(await testCameraConnection({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(guarded(updateCameraRoute, writer), async (c) => {
    const input = { ...c.req.valid("param"), body: c.req.valid("json") };
    return c.json(CameraSaved.parse(await updateCamera({ ctx: spaceCtx(c), input, defer: deferTo(c) })), 200);
  })
  .openapi(guarded(takeCameraSnapshotRoute, writer), async (c) => {
    const input = c.req.valid("param");
    return c.json(CameraSnapshotResult.parse(await takeCameraSnapshot({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(
    getCameraSnapshotRoute,
    async (c) => {
      const { shot, ...ref } = c.req.valid("param");
      const object = await getCameraSnapshot({ ctx: spaceCtx(c), input: { ...ref, shot: shot.replace(/\.jpg$/, "") } });
      return c.body(object.body, 200, {
        "Content-Type": "image/jpeg",
        "Content-Disposition": 'inline; filename="snapshot.jpg"',
        "Cache-Control": "private, no-cache",
      });
    },
    snapshotNotFound,
  );

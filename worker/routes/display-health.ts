import {
  DisplayCaptures,
  getDisplayCapture as getDisplayCaptureRoute,
  listDisplayCaptures as listDisplayCapturesRoute,
} from "../../contracts/display-health/routes.ts";
import { ApiError } from "../lib/errors.ts";
import { openApiRouter } from "../lib/openapi.ts";
import { spaceCtx } from "../middleware/space.ts";
import { getDisplayCapture, listDisplayCaptures } from "../services/displays-health/captures.ts";

/** A capture's file name that is not `{ms}.jpg` or `latest.jpg`: no such route, 404. */
const captureNotFound = (result: { success: boolean }): undefined => {
  if (!result.success) throw new ApiError("not_found", "Not found.");
};

/** Display health: each display's state and its periodic captures (agent/display-health/). */
export const displayHealthRoutes = openApiRouter()
  .openapi(listDisplayCapturesRoute, async (c) => {
    const input = { ...c.req.valid("query"), uuid: c.req.valid("param").uuid };
    return c.json(DisplayCaptures.parse(await listDisplayCaptures({ ctx: spaceCtx(c), input })), 200);
  })
  .openapi(
    getDisplayCaptureRoute,
    async (c) => {
      const { uuid, display, file } = c.req.valid("param");
      const input = {
        uuid,
        display,
        at: file === "latest.jpg" ? ("latest" as const) : Number(file.replace(/\.jpg$/, "")),
      };
      const object = await getDisplayCapture({ ctx: spaceCtx(c), input });
      return c.body(object.body, 200, {
        "Content-Type": "image/jpeg",
        "Content-Disposition": 'inline; filename="capture.jpg"',
        // A capture never changes; `latest.jpg` names a newer one with each capture.
        "Cache-Control": file === "latest.jpg" ? "private, no-cache" : "private, max-age=86400, immutable",
      });
    },
    captureNotFound,
  );

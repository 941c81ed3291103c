import * as routes from "../../contracts/saved-views/routes.ts";
import { SavedView, SavedViewListReply } from "../../contracts/saved-views/schema.ts";
import { openApiRouter } from "../lib/openapi.ts";
import { spaceCtx } from "../middleware/space.ts";
import { addSavedView, deleteSavedView, listSavedViews } from "../services/saved-views/saved-views.ts";

/** /api/space/{space}/saved-views/…: each member reads and writes only their own views. */
export const savedViewRoutes = openApiRouter()
  .openapi(routes.listSavedViews, async (c) => {
    const list = await listSavedViews({ ctx: spaceCtx(c), input: c.req.valid("query") });
    return c.json(SavedViewListReply.parse(list), 200);
  })
  .openapi(routes.addSavedView, async (c) => {
    const view = await addSavedView({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(SavedView.parse(view), 201);
  })
  .openapi(routes.deleteSavedView, async (c) => {
    await deleteSavedView({ ctx: spaceCtx(c), input: { uuid: c.req.valid("param").uuid } });
    return c.body(null, 204);
  });

import { addTag as addTagRoute, listTags as listTagsRoute } from "../../contracts/tags/routes.ts";
import { Tag, TagList } from "../../contracts/tags/schema.ts";
import { guarded, openApiRouter } from "../lib/openapi.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { addTag, listTags } from "../services/spaces/tags.ts";

/** /api/space/{space}/tag/…: reads for members, adding for Content Managers and Admins. */
export const tagRoutes = openApiRouter()
  .openapi(listTagsRoute, async (c) => c.json(TagList.parse(await listTags({ ctx: spaceCtx(c) })), 200))
  .openapi(guarded(addTagRoute, requireRole("content_manager")), async (c) => {
    const { created, tag } = await addTag({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(Tag.parse(tag), created ? 201 : 200);
  });

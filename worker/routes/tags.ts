import { Hono } from "hono";
import { Tag, TagAddInput, TagList } from "../../contracts/tag.ts";
import type { AppEnv } from "../env.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { addTag, listTags } from "../services/tags.ts";

/** /api/space/{space}/tag/…: reads for members, adding for Content Managers and Admins. */
export const tagRoutes = new Hono<AppEnv>({ strict: false })
  .get("/tag/items", async (c) => c.json(TagList.parse(await listTags({ ctx: spaceCtx(c) }))))
  .post("/tag/add", requireRole("content_manager"), validateInput("json", TagAddInput), async (c) => {
    const { created, tag } = await addTag({ ctx: spaceCtx(c), input: c.req.valid("json") });
    return c.json(Tag.parse(tag), created ? 201 : 200);
  });

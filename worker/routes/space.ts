import { Hono } from "hono";
import { RoleList, Space, SpacePatch } from "../../contracts/space.ts";
import type { AppEnv } from "../env.ts";
import { validateInput } from "../lib/validate-input.ts";
import { requireRole, spaceCtx } from "../middleware/space.ts";
import { getSpace, listRoles, updateSpace } from "../services/spaces/space.ts";

/** /api/space/{space}/… — the space itself and its roles. Membership is checked upstream. */
export const spaceRoutes = new Hono<AppEnv>({ strict: false })
  .get("/", (c) => c.json(Space.parse(getSpace({ ctx: spaceCtx(c) }))))
  .patch("/", requireRole("admin"), validateInput("json", SpacePatch), async (c) => {
    const space = await updateSpace({ ctx: spaceCtx(c), input: c.req.valid("json") as SpacePatch });
    return c.json(Space.parse(space));
  })
  .get("/role/items", async (c) => c.json(RoleList.parse(await listRoles({ ctx: spaceCtx(c) }))));

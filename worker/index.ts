import { Hono } from "hono";
import { authRoutes } from "./auth/routes.ts";
import type { AppEnv, Env } from "./env.ts";
import { handleError } from "./lib/errors.ts";
import { requireUser } from "./middleware/auth.ts";
import { contextMiddleware } from "./middleware/context.ts";
import { requireSpaceMember } from "./middleware/space.ts";
import { routeRoomRequest } from "./rooms.ts";
import { accountRoutes } from "./routes/account.ts";
import { spaceRoutes } from "./routes/space.ts";

export { DeviceRoom } from "../party/device-room.ts";
export { LocationRoom } from "../party/location-room.ts";
export { SpaceRoom } from "../party/space-room.ts";

const api = new Hono<AppEnv>({ strict: false })
  .route("/account", accountRoutes)
  .use("/space/:space/*", requireUser, requireSpaceMember)
  .use("/space/:space", requireUser, requireSpaceMember)
  .route("/space/:space", spaceRoutes);

export const app = new Hono<AppEnv>({ strict: false })
  .use(contextMiddleware)
  .route("/auth", authRoutes)
  .route("/api", api)
  .all("/parties/*", async (c) => {
    const res = await routeRoomRequest(c.req.raw, c.env);
    return res ?? c.json({ code: "not_found", message: "Room not found." }, 404);
  })
  .get("/healthz", (c) => c.json({ ok: true }));

app.onError(handleError);
app.notFound((c) => c.json({ code: "not_found", message: "Not found." }, 404));

export type AppType = typeof app;

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;

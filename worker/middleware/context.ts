import { createMiddleware } from "hono/factory";
import { getConfig } from "../config.ts";
import type { AppEnv } from "../env.ts";
import { createDb } from "../lib/db.ts";

/** Request id, parsed config and the db handle for every request. */
export const contextMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header("X-Request-Id") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("config", getConfig(c.env));
  c.set("db", createDb(c.env));
  await next();
  c.header("X-Request-Id", requestId);
});

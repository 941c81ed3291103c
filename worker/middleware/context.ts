import { createMiddleware } from "hono/factory";
import { getConfig } from "../config.ts";
import type { AppEnv } from "../env.ts";
import { createDb } from "../lib/db.ts";

/** A caller's own X-Request-Id is kept when it is a plain token of at most 128 characters. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id, parsed config and the db handle for every request. */
export const contextMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const given = c.req.header("X-Request-Id");
  const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("config", getConfig(c.env));
  c.set("db", createDb(c.env));
  await next();
  c.header("X-Request-Id", requestId);
});

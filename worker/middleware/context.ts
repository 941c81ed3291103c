import { createMiddleware } from "hono/factory";
import { getConfig } from "../config.ts";
import type { AppEnv } from "../env.ts";
import { BOOKMARK_HEADER, createSessionDb } from "../lib/db.ts";

/** A caller's own X-Request-Id is kept when it is a plain token of at most 128 characters. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request id, parsed config and the db handle for every request: one D1 session (lib/db.ts).
 * Only the API's reads (`GET`/`HEAD` under /api/) may start on a read replica, from the bookmark
 * the client sent; everything else (writes, /auth, room upgrades, /dev) starts on the primary.
 * The reply carries the session's bookmark for the client's next request. A room socket's 101
 * carries neither: its headers are immutable, so Hono would copy the response for each.
 */
export const contextMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const given = c.req.header("X-Request-Id");
  const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("config", getConfig(c.env));
  const api = c.req.path === "/api" || c.req.path.startsWith("/api/");
  const session = createSessionDb(c.env, api ? c.req.method : "POST", c.req.header(BOOKMARK_HEADER));
  c.set("db", session.db);
  await next();
  if (c.res.status === 101) return;
  c.header("X-Request-Id", requestId);
  const bookmark = session.bookmark();
  if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
});

import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * /assets/*: Vite's content-hashed files (wrangler.jsonc lists the path in run_worker_first).
 * Left to the assets router, a name that is not there got the SPA shell with the immutable
 * caching of the folder: an open tab asking for the script of a previous deploy kept HTML under
 * that name for a year. Here a file that exists is served immutable, and anything else (the
 * binding answers it with the shell, text/html; no hashed file is HTML) is a 404 that no cache
 * keeps. Conditional headers are not passed on: a 304 would not tell the shell from a file.
 */
export const hashedAssetRoutes = new Hono<AppEnv>().on(["GET", "HEAD"], "/*", async (c) => {
  const headers = new Headers(c.req.raw.headers);
  headers.delete("If-None-Match");
  headers.delete("If-Modified-Since");
  const res = await c.env.ASSETS?.fetch(new Request(c.req.url, { method: c.req.method, headers }));
  const type = res?.headers.get("Content-Type") ?? "";
  if (res?.ok && !type.startsWith("text/html")) {
    const file = new Response(res.body, res);
    file.headers.set("Cache-Control", IMMUTABLE);
    return file;
  }
  return c.json({ code: "not_found", message: "No such file.", request_id: c.var.requestId }, 404, {
    "Cache-Control": "no-store",
  });
});

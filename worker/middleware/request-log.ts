import { createMiddleware } from "hono/factory";
import { isProduction } from "../config.ts";
import type { AppEnv } from "../env.ts";

/**
 * One log line per request in production: method, path, status, time and request id. The path
 * only, never the query string: `?token=` (an access token or a device credential) and `?ticket=`
 * must not reach the logs. Cloudflare's own invocation logs, which record the full URL, are off
 * (wrangler.jsonc observability.logs.invocation_logs), so this line is the request log.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  if (!isProduction(c.var.config)) return next();
  const start = Date.now();
  try {
    await next();
  } finally {
    console.log(
      JSON.stringify({
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        duration_ms: Date.now() - start,
        request_id: c.var.requestId,
      }),
    );
  }
});

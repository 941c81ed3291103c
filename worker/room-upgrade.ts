import { getConfig, isProduction, productionConfigProblems } from "./config.ts";
import type { Env } from "./env.ts";
import { CONTENT_SECURITY_POLICY, HSTS } from "./middleware/security-headers.ts";
import { routeRoomRequest } from "./room-access.ts";

/** A caller's own X-Request-Id is kept when it is a plain token of at most 128 characters (as the API's). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** productionConfigProblems once per env object (it does not change while the Worker runs). */
const problems = new WeakMap<object, number>();
const configured = (env: Env) => {
  let count = problems.get(env);
  if (count === undefined) {
    count = productionConfigProblems(env).length;
    problems.set(env, count);
  }
  return count === 0;
};

/**
 * A room socket's upgrade (`/parties/…` with `Upgrade: websocket`), which worker/index.ts hands to
 * roomUpgrade instead of the API's app. A production Worker whose configuration is incomplete
 * still goes through the app, for its 503.
 */
export function isRoomUpgrade(request: Request, env: Env): boolean {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return false;
  const url = request.url;
  const path = url.indexOf("/", url.indexOf("//") + 2);
  return url.startsWith("/parties/", path) && configured(env);
}

/**
 * A room upgrade past the API's middleware chain (Hono's dispatch, the request's context with its
 * D1 session, which room-access.ts does not use): a dashboard's or an agent's connect costs less of the
 * Worker (docs/benchmarks.md, fan-out). What the chain gives an upgrade is kept: a refusal carries
 * the security headers and the request id, an unexpected error is the API's 500 body, and
 * production logs the same line per request (path only, never the query string).
 */
export async function roomUpgrade(request: Request, env: Env): Promise<Response> {
  const start = Date.now();
  const given = request.headers.get("X-Request-Id");
  const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
  const production = isProduction(getConfig(env));
  const path = new URL(request.url).pathname;
  let res: Response;
  try {
    res =
      (await routeRoomRequest(request, env)) ??
      Response.json({ code: "not_found", message: "Room not found." }, { status: 404 });
  } catch (error) {
    console.error("unhandled error", { request_id: requestId, path }, error);
    res = Response.json(
      { code: "internal", message: "An unexpected error occurred", request_id: requestId },
      { status: 500 },
    );
  }
  if (res.status !== 101) {
    res = new Response(res.body, res);
    res.headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    res.headers.set("X-Content-Type-Options", "nosniff");
    res.headers.set("Referrer-Policy", "no-referrer");
    if (production) res.headers.set("Strict-Transport-Security", HSTS);
    res.headers.set("X-Request-Id", requestId);
  }
  if (production) {
    console.log(
      JSON.stringify({
        method: request.method,
        path,
        status: res.status,
        duration_ms: Date.now() - start,
        request_id: requestId,
      }),
    );
  }
  return res;
}

import type { RouteConfig } from "@hono/zod-openapi";

/*
 * Paths of the routes in contracts/api, free of zod: the console's first load builds its URLs
 * with these and nothing else of the route definitions (web/build/contract-routes.ts).
 */

/** A path as the spec writes it: with a trailing slash, except for a file name (….jpg). */
export const specPath = (path: string) => (/\.[a-z]+$/i.test(path) || path.endsWith("/") ? path : `${path}/`);

/** The request path of a route with its `{param}`s filled in (URL-encoded), the spec's way. */
export function routePath(route: Pick<RouteConfig, "path">, params: Record<string, string | number> = {}) {
  return specPath(
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined || value === "") throw new Error(`${route.path}: no value for {${name}}`);
      return encodeURIComponent(String(value));
    }),
  );
}

/** Where the API is mounted: clients outside the web app (the agent) put it before routePath. */
export const API_PREFIX = "/api";

/** A route's full path under the API (what a reply hands out as a URL: status_url, screenshot_url …). */
export const apiPath = (route: Pick<RouteConfig, "path">, params: Record<string, string | number> = {}) =>
  `${API_PREFIX}${routePath(route, params)}`;

import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { specPath } from "../../contracts/api/route.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";

/**
 * The reference page among the static assets: web/api-docs.html, built by Vite into web/dist
 * (asked for without ".html": the assets answer that name with a redirect to this one).
 */
const DOCS_PAGE = "/api-docs";
/** A marker only that page carries: for a missing file the assets answer the SPA's index.html. */
const DOCS_PAGE_MARKER = '<meta name="outpost-page" content="api-docs"';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route defined in contracts/api,
 * generated from the same schemas that validate the requests. The Worker accepts every path
 * with or without its trailing slash; the document writes them the spec's way. Also mounts
 * GET /api/docs, the document's readable reference page.
 */
export function serveOpenApiDocument(api: OpenAPIHono<AppEnv>) {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "An access token from /auth/token (the console's OIDC client), an agent's device token, or a space's wall display link (`owd_…`, read-only) or API token (`ost_…`, scope `read` or `operator` = Content Manager; created by an Admin under Display links & API tokens) — these two work only on /space/{space}/… routes of their space, and /credential/self/.",
  });
  api.get("/openapi.json", (c) => {
    const document = api.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Outpost API",
        version: "1",
        description:
          "The console's REST API. Every error answers `{code, message, errors?, request_id}`; " +
          "paths are accepted with or without their trailing slash.",
      },
      servers: [{ url: new URL("/api", c.req.url).href }],
      security: [{ bearer: [] }],
    });
    const paths = Object.fromEntries(Object.entries(document.paths ?? {}).map(([p, item]) => [specPath(p), item]));
    return c.json({ ...document, paths }, 200, { "Cache-Control": "no-cache" });
  });
  api.get("/docs", serveReferencePage);
}

/**
 * GET /api/docs: the readable reference of that document (Swagger UI, web/api-docs.html). The
 * page is a static asset; /api/* runs the Worker first, so the route fetches it from ASSETS and
 * it leaves with the Worker's security headers. 503 when web/dist holds no built page.
 */
async function serveReferencePage(c: Context<AppEnv>) {
  const res = await c.env.ASSETS?.fetch(new URL(DOCS_PAGE, c.req.url));
  const html = res?.ok ? await res.text() : "";
  if (!html.includes(DOCS_PAGE_MARKER)) {
    throw new ApiError(
      "unavailable",
      "The API reference page is not built: run `npm run build` (web/api-docs.html into web/dist). " +
        "The OpenAPI document is at /api/openapi.json.",
    );
  }
  return c.html(html, 200, { "Cache-Control": "no-cache" });
}

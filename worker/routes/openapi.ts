import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { specPath } from "../../contracts/http/route.ts";
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
          "paths are accepted with or without their trailing slash. Reads may be served by a D1 read " +
          "replica: send back the newest `X-D1-Bookmark` reply header you have seen on your next request " +
          "to read your own writes (see the header's description).",
      },
      servers: [{ url: new URL("/api", c.req.url).href }],
      security: [{ bearer: [] }],
    });
    const paths = Object.fromEntries(
      Object.entries(document.paths ?? {}).map(([p, item]) => [specPath(p), withBookmark(item)]),
    );
    const components = {
      ...document.components,
      parameters: { ...document.components?.parameters, D1Bookmark: BOOKMARK_PARAMETER },
      headers: { ...document.components?.headers, D1Bookmark: BOOKMARK_REPLY_HEADER },
    };
    return c.json({ ...document, components, paths }, 200, { "Cache-Control": "no-cache" });
  });
  api.get("/docs", serveReferencePage);
}

const BOOKMARK_DESCRIPTION =
  "A D1 bookmark: the database state a request has seen. The API's reads run in a D1 " +
  "session that may be served by a read replica; sent on a request, a bookmark makes its reads at " +
  "least as fresh as that state (read your own writes). Replies carry the session's bookmark " +
  "after their queries (none when a reply read nothing). Bookmarks sort oldest to newest: keep " +
  "the greatest. A value that is not a D1 bookmark is ignored.";

const BOOKMARK_PARAMETER = {
  name: "X-D1-Bookmark",
  in: "header",
  required: false,
  description: BOOKMARK_DESCRIPTION,
  schema: { type: "string", example: "00000000-0000000f-00000000-00000000000000000000000000000000" },
} as const;
const BOOKMARK_REPLY_HEADER = { description: BOOKMARK_DESCRIPTION, schema: { type: "string" } } as const;

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

/** A path item whose operations take the bookmark header and whose replies carry it. */
function withBookmark<T extends object>(item: T): T {
  const out = { ...item } as Record<string, unknown>;
  for (const method of METHODS) {
    const op = out[method] as { parameters?: unknown[]; responses?: Record<string, { headers?: object }> } | undefined;
    if (!op) continue;
    const responses = Object.fromEntries(
      Object.entries(op.responses ?? {}).map(([status, reply]) => [
        status,
        { ...reply, headers: { ...reply.headers, "X-D1-Bookmark": { $ref: "#/components/headers/D1Bookmark" } } },
      ]),
    );
    out[method] = {
      ...op,
      parameters: [...(op.parameters ?? []), BOOKMARK_PARAMETER],
      responses,
    };
  }
  return out as T;
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

import type { OpenAPIHono } from "@hono/zod-openapi";
import { specPath } from "../../contracts/api/route.ts";
import type { AppEnv } from "../env.ts";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route defined in contracts/api,
 * generated from the same schemas that validate the requests. The Worker accepts every path
 * with or without its trailing slash; the document writes them the spec's way.
 */
export function serveOpenApiDocument(api: OpenAPIHono<AppEnv>) {
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "An access token from /auth/token (the console's OIDC client) or an agent's device token.",
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
}

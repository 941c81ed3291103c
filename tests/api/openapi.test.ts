import { describe, expect, it } from "vitest";
import { z } from "zod";
import { app } from "../../worker/index.ts";
import { api, memberOf } from "../factories.ts";

const Operation = z.object({
  summary: z.string().min(1),
  parameters: z.array(z.object({ name: z.string(), in: z.string() })).optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: z.unknown() })) }).optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string() })),
});
const Document = z.object({
  openapi: z.literal("3.1.0"),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), Operation)),
  components: z.object({ securitySchemes: z.record(z.string(), z.unknown()) }),
});

/** "/api/space/:space/device/:uuid/screenshot/:shot{[A-Za-z0-9_-]+\\.jpg}" → "/space/{space}/device/{uuid}/screenshot/{shot}" */
const docPathOf = (honoPath: string) =>
  honoPath
    .replace(/^\/api/, "")
    .replace(/:(\w+)(\{[^/]*\})?/g, "{$1}")
    .replace(/\/$/, "");

/** The document's own routes: the document and its reference page. */
const SELF_ROUTES = new Set(["GET /openapi.json", "GET /docs"]);

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with the bearer scheme, served to anyone", async () => {
    const res = await api("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = Document.parse(await res.json());
    expect(doc.components.securitySchemes).toHaveProperty("bearer");
    // Paths are written the spec's way: a trailing slash except on a file name.
    for (const path of Object.keys(doc.paths)) expect(path.endsWith("/") || /\.jpg$|\}$/.test(path)).toBe(true);
  });

  it("lists every mounted /api route with its method", async () => {
    const doc = Document.parse(await (await api("/api/openapi.json")).json());
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\/$/, "")}`),
      ),
    );
    const mounted = [
      ...new Set(
        app.routes
          .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL")
          .map((r) => `${r.method} ${docPathOf(r.path)}`),
      ),
    ].filter((route) => !SELF_ROUTES.has(route));
    expect(mounted.length).toBeGreaterThan(80);
    expect(mounted.filter((route) => !documented.has(route))).toEqual([]);
    // …and documents nothing that is not served.
    expect([...documented].filter((route) => !mounted.includes(route))).toEqual([]);
  });

  it("carries each route's schemas: the tag routes as an example", async () => {
    const doc = Document.parse(await (await api("/api/openapi.json")).json());
    const add = doc.paths["/space/{space}/tag/add/"].post;
    expect(add.parameters).toContainEqual(expect.objectContaining({ name: "space", in: "path" }));
    expect(add.requestBody?.content["application/json"].schema).toMatchObject({
      type: "object",
      properties: { name: { type: "string", maxLength: 20 } },
      required: ["name"],
    });
    expect(Object.keys(add.responses)).toEqual(expect.arrayContaining(["200", "201", "400", "401", "403"]));
    expect(doc.paths["/space/{space}/tag/items/"].get.responses["200"]).toMatchObject({
      content: { "application/json": { schema: { properties: { tags: { type: "array" } } } } },
    });
  });

  it("routes defined in contracts still validate and answer as before", async () => {
    const { space, token } = await memberOf("content_manager");
    const bad = await api(`/api/space/${space.space_uuid}/tag/add/`, { token, method: "POST", json: {} });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "validation_error", errors: { name: ["Required"] } });
    const text = await api(`/api/space/${space.space_uuid}/tag/add`, {
      token,
      method: "POST",
      body: "name=x",
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
  });
});

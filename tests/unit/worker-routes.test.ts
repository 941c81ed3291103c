/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { workerFirstRoutes } from "../../scripts/lib/worker-routes.ts";

describe("workerFirstRoutes (scripts/serve.ts)", () => {
  it("turns run_worker_first paths into routes for any host", () => {
    expect(workerFirstRoutes(["/api/*", "/auth/*", "/parties/*", "/healthz"])).toEqual([
      "*/api/*",
      "*/auth/*",
      "*/parties/*",
      "*/healthz",
    ]);
  });

  it("leaves everything to the assets router when run_worker_first is not a list", () => {
    expect(workerFirstRoutes(true)).toEqual([]);
    expect(workerFirstRoutes(false)).toEqual([]);
    expect(workerFirstRoutes(undefined)).toEqual([]);
  });

  it("leaves everything to the router when a pattern excludes paths", () => {
    expect(workerFirstRoutes(["/api/*", "!/api/docs/*"])).toEqual([]);
  });

  it("skips patterns the entry's routes cannot express", () => {
    expect(workerFirstRoutes(["/a/*/b", "api/*", "/parties/*"])).toEqual(["*/parties/*"]);
  });

  it("routes the project's own run_worker_first paths straight to the Worker", async () => {
    // wrangler.jsonc is JSON with comments; its assets block has none inside.
    const { default: config } = await import("../../wrangler.jsonc?raw");
    const assets = JSON.parse(/"assets":\s*(\{[^}]*\})/.exec(config as string)?.[1] ?? "null");
    const routes = workerFirstRoutes(assets?.run_worker_first);
    expect(routes).toContain("*/parties/*");
    expect(routes).toContain("*/api/*");
  });
});

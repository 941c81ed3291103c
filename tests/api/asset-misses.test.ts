import { createExecutionContext, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/index.ts";
import { ORIGIN } from "../factories.ts";

/**
 * /assets/* holds Vite's content-hashed files. A name that is not there (an old tab asking for
 * the script of a previous deploy) got the SPA shell: 200 text/html, cached for a year as that
 * script. Now the Worker answers /assets/* first (wrangler.jsonc run_worker_first): a hit is
 * served immutable, a miss is 404 and never cached.
 */
const SHELL = "<!doctype html><html><body><div id=root></div></body></html>";
const SCRIPT = "console.log('hashed')";

/** The ASSETS binding as configured: existing files, and the SPA shell for anything else. */
const fakeAssets = {
  fetch: async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/assets/index-C0ffee00.js") {
      return new Response(SCRIPT, {
        headers: { "Content-Type": "text/javascript", ETag: '"abc"', "Cache-Control": "public, max-age=0" },
      });
    }
    return new Response(SHELL, { headers: { "Content-Type": "text/html", "Cache-Control": "no-cache" } });
  },
} as unknown as Fetcher;

const get = (path: string, init?: RequestInit) =>
  app.fetch(new Request(`${ORIGIN}${path}`, init), { ...env, ASSETS: fakeAssets }, createExecutionContext());

describe("GET /assets/*", () => {
  it("serves a file that exists, immutable, with the policy headers", async () => {
    const res = await get("/assets/index-C0ffee00.js");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SCRIPT);
    expect(res.headers.get("Content-Type")).toBe("text/javascript");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });

  it("answers a missing file 404, not cached, never the app shell (also when revalidated)", async () => {
    for (const init of [{}, { headers: { "If-None-Match": '"shell"' } }, { method: "HEAD" }]) {
      const res = await get("/assets/index-0ldHash0.js", init);
      expect(res.status).toBe(404);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Content-Type") ?? "").not.toContain("text/html");
    }
  });

  it("routes /assets/* to the Worker first, in the deployed configuration", async () => {
    const res = await SELF.fetch(`${ORIGIN}/assets/index-0ldHash0.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});

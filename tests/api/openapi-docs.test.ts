import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { app } from "../../worker/index.ts";
import { CONTENT_SECURITY_POLICY } from "../../worker/middleware/security-headers.ts";
import { api, ORIGIN } from "../factories.ts";

/** The built page's script as Vite names it (web/api-docs.html, entry "api-docs"). */
const PAGE_SCRIPT = /<script type="module" crossorigin src="\/assets\/api-docs-[\w-]+\.js"><\/script>/;

/** What web/dist/api-docs.html looks like once built (the marker and the hashed script). */
const BUILT_PAGE = `<!doctype html><html lang="en"><head>
<meta name="outpost-page" content="api-docs" /><title>Outpost API reference</title>
<script type="module" crossorigin src="/assets/api-docs-Ab12_cd.js"></script>
</head><body><main id="swagger-ui"></main></body></html>`;

/** What the assets answer for a file web/dist does not have: the SPA's index.html. */
const SPA_FALLBACK = `<!doctype html><html lang="en"><head><title>Outpost</title>
<script type="module" crossorigin src="/assets/index-Xy34.js"></script></head><body><div id="root"></div></body></html>`;

/** A request through the Worker with ASSETS answering `page` to every request; records the URLs asked for. */
async function fetchWithAssets(page: string, url: string) {
  const asked: string[] = [];
  const ASSETS = {
    fetch: async (input: RequestInfo | URL) => {
      asked.push(new Request(input).url);
      return new Response(page, { headers: { "Content-Type": "text/html" } });
    },
  } as unknown as Fetcher;
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url), { ...env, ASSETS }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, asked };
}

describe("GET /api/docs", () => {
  it("answers the built reference page from the static assets, with the security headers", async () => {
    for (const path of ["/api/docs", "/api/docs/"]) {
      const { res, asked } = await fetchWithAssets(BUILT_PAGE, `${ORIGIN}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Cache-Control")).toBe("no-cache");
      expect(await res.text()).toMatch(PAGE_SCRIPT);
      expect(asked).toEqual([`${ORIGIN}/api-docs`]);
    }
  });

  it("says the page is not built when the assets answer something else (the SPA fallback)", async () => {
    const { res, asked } = await fetchWithAssets(SPA_FALLBACK, `${ORIGIN}/api/docs`);
    expect(asked).toEqual([`${ORIGIN}/api-docs`]);
    expect(res.status).toBe(503);
    expect(res.headers.get("Content-Security-Policy")).toBe(CONTENT_SECURITY_POLICY);
    const body = ApiErrorBody.parse(await res.json());
    expect(body.code).toBe("unavailable");
    expect(body.message).toContain("The API reference page is not built: run `npm run build`");
  });

  it("through the real assets of web/dist: the page when built, else the not-built answer", async () => {
    // API tests run with whatever web/dist holds (tests/vitest.config.ts only makes the folder).
    // Without a built page the assets answer index.html (or 404 when web/dist is empty).
    const asset = await env.ASSETS?.fetch(`${ORIGIN}/api-docs`);
    const built = asset?.ok === true && (await asset.text()).includes('<meta name="outpost-page" content="api-docs"');
    const res = await api("/api/docs");
    if (built) {
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain("<title>Outpost API reference</title>");
      expect(html).toMatch(PAGE_SCRIPT);
    } else {
      expect(res.status).toBe(503);
      expect(ApiErrorBody.parse(await res.json()).message).toContain("not built");
    }
  });
});

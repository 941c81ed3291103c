/// <reference types="vite/client" />
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PLACEHOLDER_ORIGIN, productionConfigProblems } from "../../worker/config.ts";
import { app } from "../../worker/index.ts";

/**
 * Production must not serve with the placeholder origin or without a pinned issuer: unpinned,
 * discovery through `Host: evil.example` named `http://evil.example/auth` as the issuer. And no
 * request log may carry a `?token=`.
 */
const CONSOLE = "https://console.example.com";
const GOOD = { ENVIRONMENT: "production", PUBLIC_ORIGIN: CONSOLE, ISSUER_URL: `${CONSOLE}/auth` };

async function fetchWith(vars: Record<string, string | undefined>, url: string) {
  const ctx = createExecutionContext();
  // A fresh env object each time: the config is cached per env object.
  const res = await app.fetch(new Request(url), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const discovery = "http://evil.example/auth/.well-known/openid-configuration";

afterEach(() => vi.restoreAllMocks());

describe("a production Worker's configuration", () => {
  it.each([
    ["the placeholder origin", { ...GOOD, PUBLIC_ORIGIN: PLACEHOLDER_ORIGIN }],
    ["no origin", { ...GOOD, PUBLIC_ORIGIN: "" }],
    ["no issuer", { ...GOOD, ISSUER_URL: "" }],
    ["an issuer that is not {origin}/auth", { ...GOOD, ISSUER_URL: `${CONSOLE}/oidc` }],
    ["the placeholder issuer", { ...GOOD, ISSUER_URL: `${PLACEHOLDER_ORIGIN}/auth` }],
  ])("with %s: every request 503, discovery never names the Host", async (_, vars) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(productionConfigProblems(vars).length).toBeGreaterThan(0);
    for (const url of [discovery, "http://evil.example/healthz", "http://evil.example/api/reference/country/items/"]) {
      const res = await fetchWith(vars, url);
      expect(res.status, url).toBe(503);
      expect(await res.json()).toMatchObject({
        code: "unavailable",
        message: "The console is not configured for production.",
      });
    }
  });

  it("with both set: serves, and discovery through another Host names the pinned issuer", async () => {
    expect(productionConfigProblems(GOOD)).toEqual([]);
    const res = await fetchWith(GOOD, discovery);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { issuer: string; token_endpoint: string };
    expect(body.issuer).toBe(`${CONSOLE}/auth`);
    expect(body.token_endpoint).toBe(`${CONSOLE}/auth/token`);
    // A trailing slash is the same issuer.
    const slash = await fetchWith({ ...GOOD, ISSUER_URL: `${CONSOLE}/auth/` }, discovery);
    expect(((await slash.json()) as { issuer: string }).issuer).toBe(`${CONSOLE}/auth`);
  });

  it("outside production nothing is required: the local origin and the request's issuer", async () => {
    for (const ENVIRONMENT of ["development", "test"]) {
      const vars = { ENVIRONMENT, PUBLIC_ORIGIN: "http://localhost:8787", ISSUER_URL: undefined };
      expect(productionConfigProblems(vars)).toEqual([]);
      const res = await fetchWith(vars, "http://localhost:8787/auth/.well-known/openid-configuration");
      expect(((await res.json()) as { issuer: string }).issuer).toBe("http://localhost:8787/auth");
    }
  });

  it("wrangler.jsonc: production ships the placeholder and no issuer, so it cannot start as is", async () => {
    const { default: text } = await import("../../wrangler.jsonc?raw");
    const config = JSON.parse((text as string).replace(/^\s*\/\/.*$/gm, ""));
    const vars = config.env.production.vars;
    expect(productionConfigProblems(vars)).toEqual([
      `PUBLIC_ORIGIN is still the placeholder ${PLACEHOLDER_ORIGIN}`,
      "ISSUER_URL is not set (the issuer would follow the request's Host)",
    ]);
    expect(productionConfigProblems(config.vars)).toEqual([]);
  });
});

describe("request logs", () => {
  it("carry the path only: no ?token= or ?ticket= in production's request line", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    for (const path of [
      "/parties/device/0d2b6f1e-0000-4000-8000-000000000000?token=SECRET-TOKEN",
      "/api/space/x/device/items/?token=SECRET-TOKEN&ticket=rt_SECRET",
      "/healthz?token=SECRET-TOKEN",
    ]) {
      await fetchWith(GOOD, `${CONSOLE}${path}`);
    }
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain("SECRET");
      expect(line).not.toContain("?");
    }
    expect(JSON.parse(lines[2])).toMatchObject({ method: "GET", path: "/healthz", status: 200 });
  });

  it("Cloudflare's invocation logs (full URLs) are off, production included", async () => {
    const { default: text } = await import("../../wrangler.jsonc?raw");
    const config = JSON.parse((text as string).replace(/^\s*\/\/.*$/gm, ""));
    expect(config.observability).toEqual({ enabled: true, logs: { invocation_logs: false } });
    // Not overridden by the named environment (observability is inherited).
    expect(config.env.production.observability).toBeUndefined();
  });
});

import { createMiddleware } from "hono/factory";
import { getConfig, isProduction } from "../config.ts";
import type { AppEnv } from "../env.ts";

/**
 * Hosts of a map tile server or geocoder the console may load from. None yet: when one is
 * added, list it here AND in web/public/_headers (the SPA's own copy of this policy).
 */
export const MAP_HOSTS: readonly string[] = [];

/**
 * The Content-Security-Policy of every response. Same-origin only: the SPA is one bundle, its
 * WebSockets go to the same origin ('self' covers ws:/wss: of it). 'unsafe-inline' styles are
 * for the <style> elements and style attributes Radix and sonner inject at run time.
 * Keep web/public/_headers in step (tests/e2e/security-headers.spec.ts compares them).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  ["img-src 'self' data: blob:", ...MAP_HOSTS].join(" "),
  "font-src 'self' data:",
  ["connect-src 'self'", ...MAP_HOSTS].join(" "),
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers on every Worker response (static assets get theirs from web/public/_headers),
 * except a room socket's 101: no client reads them there, and its headers are immutable, so each
 * header would copy the response (Hono's c.header), five copies per upgrade.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  // Only where the console is served over HTTPS; a local http://localhost must not pin it.
  if (isProduction(getConfig(c.env))) c.header("Strict-Transport-Security", HSTS);
});

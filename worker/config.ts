import { z } from "zod";
import { CONSOLE_CLIENT_ID } from "../contracts/auth/schema.ts";
import type { Env } from "./env.ts";

/** Environment settings parsed once per isolate; handlers read this, never raw env strings. */
const ConfigSchema = z.object({
  environment: z.string().default("development"),
  accessTokenTtl: z.coerce.number().int().min(30).max(3600).default(300),
  refreshTokenTtl: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 24 * 3600),
  externalIssuer: z.string().optional(),
  externalJwksUrl: z.string().optional(),
  /** Audiences an external issuer's access token must name (any one of them); comma-separated. */
  externalAudience: z
    .string()
    .default(CONSOLE_CLIENT_ID)
    .transform((list) => list.split(",").map((aud) => aud.trim())),
  /** The embedded provider's issuer, pinned; required in production (productionConfigProblems). */
  issuerUrl: z
    .string()
    .optional()
    .transform((url) => url?.replace(/\/+$/, "")),
  mailFrom: z.string().optional(),
  /** /dev/* (the mail outbox) is served only when DEV_ROUTES is "1"/"true": off unless asked for. */
  devRoutes: z.boolean().default(false),
  /** Origin of the console that mailed links point to; never taken from the request's Host. */
  publicOrigin: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:8787")
    .transform((url) => new URL(url).origin),
});
export type Config = z.infer<typeof ConfigSchema>;

const cache = new WeakMap<object, Config>();

export function getConfig(env: Env): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const config = ConfigSchema.parse({
    environment: env.ENVIRONMENT || undefined,
    accessTokenTtl: env.ACCESS_TOKEN_TTL || undefined,
    refreshTokenTtl: env.REFRESH_TOKEN_TTL || undefined,
    externalIssuer: env.EXTERNAL_ISSUER || undefined,
    externalJwksUrl: env.EXTERNAL_JWKS_URL || undefined,
    externalAudience: env.EXTERNAL_AUDIENCE || undefined,
    issuerUrl: env.ISSUER_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    devRoutes: ["1", "true"].includes((env.DEV_ROUTES ?? "").trim().toLowerCase()),
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
  });
  cache.set(env, config);
  return config;
}

export const isProduction = (config: Config) => config.environment === "production";

/** The origin wrangler.jsonc's env.production ships with: a deploy must replace it. */
export const PLACEHOLDER_ORIGIN = "https://outpost.example.com";

const urlOf = (value: string | undefined) => {
  try {
    return value?.trim() ? new URL(value.trim()) : null;
  } catch {
    return null;
  }
};

/**
 * What keeps a production Worker from serving, read from the raw vars (nothing else may throw
 * here): the console's origin must be set and not the placeholder (mailed links point there),
 * and the issuer must be pinned as `{origin}/auth` (ARCHITECTURE.md) — unpinned, it follows the
 * request's Host, so discovery through another Host names another issuer. Empty outside
 * production: local runs and tests use their own origin and the request's.
 */
export function productionConfigProblems(env: Pick<Env, "ENVIRONMENT" | "PUBLIC_ORIGIN" | "ISSUER_URL">): string[] {
  if (env.ENVIRONMENT !== "production") return [];
  const problems: string[] = [];
  const origin = urlOf(env.PUBLIC_ORIGIN);
  if (!origin) problems.push("PUBLIC_ORIGIN is not set to the console's origin");
  else if (origin.origin === PLACEHOLDER_ORIGIN)
    problems.push(`PUBLIC_ORIGIN is still the placeholder ${PLACEHOLDER_ORIGIN}`);
  const issuer = urlOf(env.ISSUER_URL);
  if (!issuer) problems.push("ISSUER_URL is not set (the issuer would follow the request's Host)");
  else if (!/^https?:$/.test(issuer.protocol) || issuer.pathname.replace(/\/+$/, "") !== "/auth") {
    problems.push("ISSUER_URL must be the console's {origin}/auth");
  } else if (issuer.origin === PLACEHOLDER_ORIGIN)
    problems.push(`ISSUER_URL is still the placeholder ${PLACEHOLDER_ORIGIN}/auth`);
  return problems;
}

import { z } from "zod";
import { CONSOLE_CLIENT_ID } from "../contracts/auth.ts";
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
  issuerUrl: z.string().optional(),
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

import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { CONSOLE_CLIENT_ID, type TokenError, type TokenResponse } from "../../contracts/auth/schema.ts";
import { userTable } from "../../drizzle/schema/user.ts";
import type { AppEnv } from "../env.ts";
import { auditSignIn } from "../services/audit/sign-ins.ts";
import { getSigningKey } from "./keys.ts";
import { verifyPassword } from "./password.ts";
import { createRefreshToken, revokeRefreshToken, rotateRefreshToken } from "./refresh-tokens.ts";
import {
  clearSignInFailures,
  clientAddress,
  recordSignInFailure,
  signInKeys,
  signInLockedMinutes,
  tooManyAttempts,
} from "./throttle.ts";
import { issueAccessToken, issueIdToken, issuerFor, verifyAccessToken } from "./tokens.ts";

/** The embedded OpenID Connect provider, mounted at /auth. */
export const authRoutes = new Hono<AppEnv>({ strict: false });

const ALLOWED_SCOPES = new Set(["openid", "email", "profile", "offline_access"]);
const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

const TokenForm = z.discriminatedUnion("grant_type", [
  z.object({
    grant_type: z.literal("password"),
    username: z.string().min(1).max(256),
    password: z.string().min(1).max(1024),
    client_id: z.string().optional(),
    scope: z.string().optional(),
  }),
  z.object({
    grant_type: z.literal("refresh_token"),
    refresh_token: z.string().min(1).max(512),
    client_id: z.string().optional(),
    scope: z.string().optional(),
  }),
]);

const oauthError = (error: TokenError["error"], description: string) => ({
  error,
  error_description: description,
});

authRoutes.get("/.well-known/openid-configuration", (c) => {
  const issuer = issuerFor(c.var.config, c.req.url);
  return c.json({
    issuer,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    userinfo_endpoint: `${issuer}/userinfo`,
    revocation_endpoint: `${issuer}/revoke`,
    grant_types_supported: ["password", "refresh_token"],
    response_types_supported: ["token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["ES256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: [...ALLOWED_SCOPES],
    claims_supported: ["sub", "iss", "aud", "exp", "iat", "email", "name", "sid"],
  });
});

authRoutes.get("/jwks", async (c) => {
  const key = await getSigningKey(c.env, c.var.db);
  return c.json({ keys: [key.publicJwk] }, 200, { "Cache-Control": "public, max-age=300" });
});

authRoutes.post("/token", async (c) => {
  c.header("Cache-Control", "no-store");
  const body = await c.req.parseBody().catch(() => ({}));
  const parsed = TokenForm.safeParse(body);
  if (!parsed.success) {
    const grant = (body as Record<string, unknown>).grant_type;
    if (typeof grant === "string" && grant !== "password" && grant !== "refresh_token") {
      return c.json(oauthError("unsupported_grant_type", "Only password and refresh_token grants are supported."), 400);
    }
    return c.json(oauthError("invalid_request", "The request is missing a required parameter."), 400);
  }
  const form = parsed.data;
  if (form.client_id !== undefined && form.client_id !== CONSOLE_CLIENT_ID) {
    return c.json(oauthError("invalid_client", "Unknown client."), 401);
  }
  const scopes = (form.scope ?? "openid").split(" ").filter(Boolean);
  if (scopes.some((s) => !ALLOWED_SCOPES.has(s))) {
    return c.json(oauthError("invalid_scope", "Unsupported scope."), 400);
  }
  const { db, config } = c.var;
  const issuer = issuerFor(config, c.req.url);

  let user: typeof userTable.$inferSelect;
  let familyId: string;
  let refresh_token: string;
  if (form.grant_type === "password") {
    const email = form.username.trim().toLowerCase();
    const keys = await signInKeys(
      email,
      clientAddress((name) => c.req.header(name)),
    );
    const minutes = await signInLockedMinutes(db, keys);
    if (minutes > 0) {
      return c.json(oauthError("slow_down", tooManyAttempts(minutes)), 429, { "Retry-After": String(minutes * 60) });
    }
    const found = await db.select().from(userTable).where(eq(userTable.email, email)).get();
    // Verify against a dummy hash when the user is unknown so timing does not reveal accounts.
    const ok = await verifyPassword(form.password, found?.password_hash || DUMMY_HASH);
    if (!found || !ok) {
      await recordSignInFailure(db, keys);
      await auditSignIn(db, { email, user: found ?? null, ok: false });
      return c.json(oauthError("invalid_grant", "Invalid email or password."), 400);
    }
    await clearSignInFailures(db, keys);
    await auditSignIn(db, { email, user: found, ok: true });
    user = found;
    familyId = crypto.randomUUID();
    refresh_token = await createRefreshToken(db, { userUuid: user.uuid, familyId, ttlSeconds: config.refreshTokenTtl });
  } else {
    const result = await rotateRefreshToken(db, form.refresh_token, { ttlSeconds: config.refreshTokenTtl });
    if (!result.ok) {
      return c.json(oauthError("invalid_grant", "The session has expired. Sign in again."), 400);
    }
    user = result.user;
    familyId = result.familyId;
    refresh_token = result.refreshToken;
  }

  const input = { env: c.env, db, config, issuer, user, sid: familyId };
  const [access_token, id_token] = await Promise.all([issueAccessToken(input), issueIdToken(input)]);
  const reply: TokenResponse = {
    access_token,
    token_type: "Bearer",
    expires_in: config.accessTokenTtl,
    refresh_token,
    refresh_expires_in: config.refreshTokenTtl,
    id_token,
    scope: scopes.join(" "),
  };
  return c.json(reply, 200, { Pragma: "no-cache" });
});

authRoutes.post("/revoke", async (c) => {
  const body = await c.req.parseBody().catch(() => ({}));
  const parsed = z.object({ token: z.string().min(1).max(512) }).safeParse(body);
  if (!parsed.success) return c.json(oauthError("invalid_request", "token is required."), 400);
  await revokeRefreshToken(c.var.db, parsed.data.token);
  return c.body(null, 200);
});

authRoutes.on(["GET", "POST"], "/userinfo", async (c) => {
  const token = c.req.header("Authorization")?.replace(/^Bearer\s+/i, "");
  const claims = token
    ? await verifyAccessToken(token, {
        env: c.env,
        db: c.var.db,
        config: c.var.config,
        issuer: issuerFor(c.var.config, c.req.url),
      })
    : null;
  if (!claims) return c.json({ error: "invalid_token" }, 401, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
  return c.json({ sub: claims.sub, email: claims.email, name: claims.name });
});

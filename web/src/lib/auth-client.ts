import type { TokenError, TokenResponse } from "@contracts/auth";
import { CONSOLE_CLIENT_ID, TOKEN_ERROR_CODES } from "@contracts/values/auth";
import * as z from "zod/mini";
import { bookmarkHeaders, keepBookmark } from "./d1-bookmark";

/*
 * The token endpoint's replies (contracts/auth.ts), checked with zod's small build: the first
 * load carries no full zod (issue 19). Typed by the contract's types, so they cannot drift apart.
 */
const TokenReply: z.ZodMiniType<TokenResponse> = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.int(),
  refresh_token: z.string(),
  refresh_expires_in: z.int(),
  id_token: z.optional(z.string()),
  scope: z.string(),
});
const TokenRefusal: z.ZodMiniType<TokenError> = z.object({
  error: z.enum(TOKEN_ERROR_CODES),
  error_description: z.string(),
});

/** Calls of the embedded OpenID provider's token and revocation endpoints (form-encoded). */

export type TokenErrorCode = TokenError["error"] | "network_error" | "server_error";

export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: TokenErrorCode,
    /** The server's error_description, when it sent one (shown to the user as is). */
    readonly description: string | null,
  ) {
    super(description ?? `Token request failed (${code}, HTTP ${status})`);
    this.name = "TokenRequestError";
  }

  /** The server refused the grant or the client: retrying with the same token cannot help. */
  get isDefinitive() {
    return this.status === 400 || this.status === 401;
  }
}

async function postForm(path: string, fields: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
        ...bookmarkHeaders(),
      },
      body: new URLSearchParams(fields),
      signal,
    });
    // A sign-in's writes (the refresh token, a first sign-in) are seen by the next API read.
    keepBookmark(res);
    return res;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new TokenRequestError(0, "network_error", null);
  }
}

async function tokenRequest(fields: Record<string, string>): Promise<TokenResponse> {
  const res = await postForm("/auth/token", { ...fields, client_id: CONSOLE_CLIENT_ID });
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = TokenReply.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new TokenRequestError(res.status, "server_error", null);
  }
  const error = TokenRefusal.safeParse(body);
  if (error.success) throw new TokenRequestError(res.status, error.data.error, error.data.error_description);
  throw new TokenRequestError(res.status, "server_error", null);
}

/** Sign-in: the resource-owner password grant. */
export function requestPasswordGrant(email: string, password: string) {
  return tokenRequest({ grant_type: "password", username: email, password, scope: "openid" });
}

/** The refresh token rotates: the reply carries a new one and the old one is dead. */
export function requestRefreshGrant(refreshToken: string) {
  return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
}

/** Revokes the refresh token's whole family. Best effort: sign-out goes on regardless. */
export async function revokeRefreshToken(refreshToken: string) {
  const res = await postForm(
    "/auth/revoke",
    { token: refreshToken, client_id: CONSOLE_CLIENT_ID },
    AbortSignal.timeout(5000),
  );
  if (!res.ok) console.warn(`Token revocation answered HTTP ${res.status}`);
}

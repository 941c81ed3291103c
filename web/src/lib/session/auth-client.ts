import type { TokenError, TokenResponse } from "@contracts/auth/schema";
import { CONSOLE_CLIENT_ID, TOKEN_ERROR_CODES } from "@contracts/auth/values";
import { bookmarkHeaders, keepBookmark } from "../api/d1-bookmark";
import { isObject, isOneOf, isString } from "../api/json-checks";

/** A successful token reply (contracts/auth/schema.ts `TokenResponse`; RFC 6749 §5.1). */
const isTokenReply = (body: unknown): body is TokenResponse =>
  isObject(body) &&
  isString(body.access_token) &&
  body.token_type === "Bearer" &&
  Number.isInteger(body.expires_in) &&
  isString(body.refresh_token) &&
  Number.isInteger(body.refresh_expires_in) &&
  (body.id_token === undefined || isString(body.id_token)) &&
  isString(body.scope);

/** A refused token request (contracts/auth/schema.ts `TokenError`; RFC 6749 §5.2). */
const isTokenRefusal = (body: unknown): body is TokenError =>
  isObject(body) && isOneOf(TOKEN_ERROR_CODES, body.error) && isString(body.error_description);

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
    if (isTokenReply(body)) return body;
    throw new TokenRequestError(res.status, "server_error", null);
  }
  if (isTokenRefusal(body)) throw new TokenRequestError(res.status, body.error, body.error_description);
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

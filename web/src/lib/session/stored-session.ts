// Relative imports (a type, erased when run, and a plain module): the e2e helpers, which run in
// Node without the web app's path aliases, build their stored session with this module too.
import type { TokenResponse } from "../../../../contracts/auth/schema";
import { isNullOr, isNumber, isObject, isString } from "../api/json-checks.ts";

/** What is kept in localStorage under `outpost.session` (times are epoch milliseconds). */
export type Session = {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  refresh_expires_at: number | null;
};

/** A stored value as a session, or null (another version's entry, a hand-edited one …). */
export function asSession(value: unknown): Session | null {
  if (
    !isObject(value) ||
    !isString(value.access_token) ||
    !isString(value.refresh_token) ||
    !isNumber(value.expires_at) ||
    !isNullOr(isNumber)(value.refresh_expires_at)
  )
    return null;
  const { access_token, refresh_token, expires_at, refresh_expires_at } = value;
  return { access_token, refresh_token, expires_at, refresh_expires_at };
}

/** The session to keep for a token reply received at `now`. */
export function sessionFromTokens(tokens: TokenResponse, now = Date.now()): Session {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_at: now + tokens.expires_in * 1000,
    // Some providers send 0 for "no fixed expiry".
    refresh_expires_at: tokens.refresh_expires_in > 0 ? now + tokens.refresh_expires_in * 1000 : null,
  };
}

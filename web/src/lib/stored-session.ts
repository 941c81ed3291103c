import * as z from "zod/mini";
// A relative type import (erased when run): the e2e helpers, which run in Node without the web
// app's path aliases, build their stored session with this module too.
import type { TokenResponse } from "../../../contracts/auth";

/** What is kept in localStorage under `outpost.session` (times are epoch milliseconds). */
export const Session = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_at: z.number(),
  refresh_expires_at: z.nullable(z.number()),
});
export type Session = z.infer<typeof Session>;

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

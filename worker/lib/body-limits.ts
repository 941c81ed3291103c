import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors.ts";

/** Bytes of body a route without sign-in reads (an agent's registration with its inventory fits). */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** Levels of arrays and objects a JSON body may nest; the API's own bodies need a few. */
export const MAX_JSON_DEPTH = 32;

export const bodyTooLarge = (limit: number) =>
  new ApiError("payload_too_large", `The request body is too large (at most ${Math.round(limit / 1024)} KB).`);
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * 413 past `limit` bytes: from the Content-Length before anything is read, and for a chunked body
 * while it is read (the read stops at the limit), so an anonymous caller cannot make the Worker
 * hold a body of any size.
 */
export const limitBody = (limit: number): MiddlewareHandler =>
  bodyLimit({
    maxSize: limit,
    onError: () => {
      throw bodyTooLarge(limit);
    },
  });

/** The routes reachable without a sign-in. */
export const publicBodyLimit = limitBody(PUBLIC_BODY_LIMIT);

/**
 * Whether JSON text nests arrays/objects deeper than `max`: one pass over the text, before it is
 * parsed (brackets inside strings are text), so a deep body costs no parse and no recursion.
 */
export function jsonNestsDeeper(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

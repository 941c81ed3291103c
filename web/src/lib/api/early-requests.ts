import type { EarlyEntry } from "@/boot/first-load";

/**
 * The replies of the requests index.html's first-load script started before the console's modules
 * had loaded (web/src/boot/first-load.ts). The console's first identical request (method, path,
 * the same query parameters in any order, body and bearer token) takes the reply instead of asking
 * again; each reply is taken once, and only in the first seconds of the page (later, it would be old).
 */
export const EARLY_REPLY_MAX_AGE_MS = 15_000;

/** The same request whatever the order of its query parameters. */
function requestKey(method: string, url: string, body: string | null) {
  const parsed = new URL(url, "http://x");
  parsed.searchParams.sort();
  return `${method} ${parsed.pathname}?${parsed.searchParams.toString()} ${body ?? ""}`;
}

export function takeEarlyReply(
  method: string,
  url: string,
  body: string | null,
  token: string,
  now = performance.now(),
): Promise<Response> | null {
  const entries = (globalThis as { __outpostEarly?: EarlyEntry[] }).__outpostEarly;
  if (!entries?.length) return null;
  const key = requestKey(method, url, body);
  const index = entries.findIndex(
    (e) => e.token === token && now - e.at <= EARLY_REPLY_MAX_AGE_MS && requestKey(e.method, e.url, e.body) === key,
  );
  if (index < 0) return null;
  return entries.splice(index, 1)[0].response;
}

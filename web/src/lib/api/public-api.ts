import { routePath } from "@contracts/http/path";
import type { RouteReply } from "@contracts/http/route";
import type { RouteConfig } from "@hono/zod-openapi";
import { ApiError, apiUrl, asErrorBody, type CallOptions } from "./api";
import { bookmarkHeaders, keepBookmark } from "./d1-bookmark";

type PublicFetchOptions = {
  method?: "GET" | "POST" | "PATCH";
  json?: unknown;
  signal?: AbortSignal;
};

/**
 * A call without a session (the account-lifecycle pages: the link's token is the credential), its
 * JSON reply as sent. Same error type as apiJson, so pages read `status`, `body.message` and
 * `fieldErrors`.
 */
export async function publicJson(path: string, options: PublicFetchOptions): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method: options.method ?? "GET",
      headers: {
        Accept: "application/json",
        ...bookmarkHeaders(),
        ...(options.json === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, null);
  }
  keepBookmark(res);
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, asErrorBody(data));
  return data;
}

/**
 * callApi without a session, for the lifecycle routes defined in contracts/api: the URL comes
 * from the route's path and params, the body and the reply are typed by its schemas (the reply
 * is not parsed again: see callApi).
 */
export function callPublic<R extends RouteConfig>(
  route: R,
  options: Omit<CallOptions<R>, "query">,
): Promise<RouteReply<R>> {
  return publicJson(routePath(route, options.params), {
    method: route.method.toUpperCase() as PublicFetchOptions["method"],
    json: options.json,
    signal: options.signal,
  }) as Promise<RouteReply<R>>;
}

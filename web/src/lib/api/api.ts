import type { ApiErrorBody, EntryErrors, FieldErrors } from "@contracts/http/errors";
import { routePath } from "@contracts/http/path";
import type { RouteReply } from "@contracts/http/route";
import type { RouteConfig } from "@hono/zod-openapi";
import type { z } from "zod";
import { connection } from "../realtime/connection";
import { TokenRequestError } from "../session/auth-client";
import { endDisplaySessionRefused, getDisplaySecret } from "../session/display-session";
import { endSession, getSession, refreshSession, type Session } from "../session/session";
import { bookmarkHeaders, keepBookmark } from "./d1-bookmark";
import { takeEarlyReply } from "./early-requests";
import { isObject, isString, isStringList } from "./json-checks";

/** All REST calls go under /api (the spec's paths are written relative to it). */
export const API_BASE = "/api";

/** A failed API call: `status` 0 means the server was not reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? (status === 0 ? "Network error" : `HTTP ${status}`));
    this.name = "ApiError";
  }

  get code() {
    return this.body?.code ?? (this.status === 0 ? "network_error" : "unknown");
  }

  /** Field errors of a 400 (`{ field: [messages] }`), empty when it carried only a message. */
  get fieldErrors(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(this.body?.errors ?? {})) {
      if (isMessageList(messages)) out[field] = messages;
    }
    return out;
  }

  /** Errors of a list field (e.g. a working-time day): one `{ field: [messages] }` per entry. */
  entryErrors(field: string): EntryErrors[] | null {
    const value = this.body?.errors?.[field];
    return value && !isMessageList(value) ? value : null;
  }
}

const isMessageList = (value: string[] | EntryErrors[]): value is string[] =>
  value.every((item) => typeof item === "string");

type QueryValue = string | number | boolean | null | undefined;

export type ApiFetchOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  query?: Record<string, QueryValue | QueryValue[]>;
  signal?: AbortSignal;
};

type RequestOptions = Pick<ApiFetchOptions, "method" | "json" | "signal">;

export function apiUrl(path: string, query?: ApiFetchOptions["query"]) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined && item !== "") params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ""}`;
}

async function send(url: string, options: RequestOptions, accessToken: string) {
  const headers: Record<string, string> = {
    Accept: "application/json",
    Authorization: `Bearer ${accessToken}`,
    // The newest D1 bookmark seen: this request reads at least what earlier replies saw.
    ...bookmarkHeaders(),
  };
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  const method = options.method ?? "GET";
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  try {
    const ask = () => fetch(url, { method, headers, body, signal: options.signal });
    // The same request started by index.html's first-load script, if it did: its reply (lib/early-requests.ts).
    const early = takeEarlyReply(method, url, body ?? null, accessToken);
    const res = early ? await early.catch(ask) : await ask();
    keepBookmark(res);
    connection.reached();
    return res;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    // No answer at all: is the server gone? (One banner, not an error per request.)
    connection.failed();
    throw new ApiError(0, null);
  }
}

/** Field errors as sent (contracts/http/errors.ts `FieldErrors`): a list of messages or of entries' messages per field. */
function fieldErrorsOf(value: unknown): FieldErrors | undefined {
  if (!isObject(value)) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    if (isStringList(messages)) out[field] = messages;
    else if (Array.isArray(messages) && messages.every(isEntryErrors)) out[field] = messages;
  }
  return out;
}

const isEntryErrors = (value: unknown): value is EntryErrors =>
  isObject(value) && Object.values(value).every(isStringList);

/** A reply's body as the API's error shape (contracts/http/errors.ts `ApiErrorBody`), or null when it is not one (a proxy's HTML page …). */
export function asErrorBody(data: unknown): ApiErrorBody | null {
  if (!isObject(data) || !isString(data.code) || !isString(data.message)) return null;
  const body: ApiErrorBody = { code: data.code, message: data.message };
  const errors = fieldErrorsOf(data.errors);
  if (errors) body.errors = errors;
  for (const key of ["request_id", "command_id", "status_url"] as const) {
    const value = data[key];
    if (isString(value)) body[key] = value;
  }
  return body;
}

async function errorBody(res: Response): Promise<ApiErrorBody | null> {
  return asErrorBody(await res.json().catch(() => null));
}

/**
 * A request of a wall display session: the display link's secret is the bearer — no
 * refresh. A 401 means the link was revoked or expired: the display session ends with that reason.
 */
async function displayFetch(url: string, options: RequestOptions, secret: string): Promise<Response> {
  const res = await send(url, options, secret);
  if (res.ok) return res;
  const body = await errorBody(res);
  if (res.status === 401) endDisplaySessionRefused(body?.message);
  throw new ApiError(res.status, body);
}

/**
 * Sends an authorised request. A 401 refreshes the token once and retries; if that fails — or
 * the server answers 422 — the session is cleared and the route guard sends the user to /login.
 * While a display session is active (a wall opened with a display link) its secret is the bearer.
 */
async function authorizedFetch(url: string, options: RequestOptions): Promise<Response> {
  const display = getDisplaySecret();
  if (display) return displayFetch(url, options, display);
  const session = getSession();
  if (!session) throw new ApiError(401, null);
  let res = await send(url, options, session.access_token);

  if (res.status === 401) {
    let fresh: Session | null = null;
    try {
      fresh = await refreshSession(session.access_token);
    } catch (error) {
      if (error instanceof TokenRequestError && !error.isDefinitive) throw new ApiError(0, null);
      console.error("Token refresh failed", error);
    }
    if (fresh) res = await send(url, options, fresh.access_token);
    if (res.status === 401) endSession("expired");
  }
  if (res.status === 422) endSession("expired");
  if (!res.ok) throw new ApiError(res.status, await errorBody(res));
  return res;
}

/**
 * The one API call: adds the bearer token (refreshed once on a 401) and the D1 bookmark, throws a
 * typed ApiError, and answers the JSON reply as sent (undefined for a 204): callApi types it by its
 * route (the Worker parsed it with the route's schema), a device call by its action.
 */
export async function apiJson(path: string, options: ApiFetchOptions): Promise<unknown> {
  const res = await authorizedFetch(apiUrl(path, options.query), options);
  return res.status === 204 ? undefined : await res.json().catch(() => undefined);
}

/** A file behind the bearer token (e.g. a screenshot) as a Blob. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await authorizedFetch(apiUrl(path), { signal })).blob();
}

/** A file export (CSV …) fetched with the bearer token and handed to the browser as a download. */
export async function apiDownload(path: string, options: { query?: ApiFetchOptions["query"]; filename: string }) {
  const res = await authorizedFetch(apiUrl(path, options.query), {});
  const href = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement("a"), { href, download: options.filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

type RequestPart<R extends RouteConfig, K extends "params" | "query"> = R["request"] extends {
  [key in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : never;

export type CallOptions<R extends RouteConfig> = {
  query?: ApiFetchOptions["query"];
  signal?: AbortSignal;
} & ([RequestPart<R, "params">] extends [never]
  ? { params?: undefined }
  : { params: { [K in keyof RequestPart<R, "params">]: string | number } }) &
  (R["request"] extends { body: { content: { "application/json": { schema: infer S extends z.ZodType } } } }
    ? { json: z.input<S> }
    : { json?: undefined });

/**
 * The typed client of a route defined in contracts/api: the URL comes from the route's method,
 * path and params, the body is typed by its request schema and the reply by its success schema
 * (200, 201 or 202; a 204 route resolves to undefined). Errors are the ApiError of apiJson.
 *
 * The reply is not parsed again here: the Worker parses every reply with that same schema before
 * sending it, and the console's first load carries no zod. The production build sees
 * a route as its method and path only (web/build/contract-routes.ts), so nothing else of `route`
 * may be read here.
 */
export function callApi<R extends RouteConfig>(route: R, options: CallOptions<R>): Promise<RouteReply<R>> {
  return apiJson(routePath(route, options.params), {
    method: route.method.toUpperCase() as ApiFetchOptions["method"],
    json: options.json,
    query: options.query,
    signal: options.signal,
  }) as Promise<RouteReply<R>>;
}

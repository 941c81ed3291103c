import { ApiErrorBody } from "@contracts/errors";
import type { z } from "zod";
import { API_BASE, ApiError, apiUrl } from "@/lib/api";
import { endSession, freshAccessToken } from "@/lib/session";

/**
 * Calls that reach the device's agent. They go around apiFetch on purpose: the API answers an
 * agent's refusal with 422, which apiFetch reads as console.md's "422: session cleared" and
 * signs the user out. Here a 422 is an ordinary failed action; a 401 still ends the session.
 */
async function send(url: string, init: { method: string; json?: unknown; signal?: AbortSignal }) {
  const token = await freshAccessToken().catch(() => null);
  if (!token) {
    endSession("expired");
    throw new ApiError(401, null);
  }
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, null);
  }
  if (res.status === 401) endSession("expired");
  if (!res.ok) {
    const body = ApiErrorBody.safeParse(await res.json().catch(() => null));
    throw new ApiError(res.status, body.success ? body.data : null);
  }
  return res;
}

export async function deviceCall<S extends z.ZodType>(
  path: string,
  options: { schema: S; method?: "POST" | "PATCH"; json?: unknown; signal?: AbortSignal },
): Promise<z.output<S>> {
  const res = await send(apiUrl(path), {
    method: options.method ?? "POST",
    json: options.json,
    signal: options.signal,
  });
  return options.schema.parse(res.status === 204 ? undefined : await res.json().catch(() => undefined));
}

/** An image behind the bearer token (a screenshot, by the URL the API gave) as a Blob. */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  // The token only ever goes to this console's own API.
  if (!url.startsWith(`${API_BASE}/`)) throw new ApiError(0, null);
  return (await send(url, { method: "GET", signal })).blob();
}

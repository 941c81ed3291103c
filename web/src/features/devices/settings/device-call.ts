import { API_BASE, ApiError, apiBlob, apiJson } from "@/lib/api";

/**
 * A call that reaches the device's agent (POST unless told), its JSON reply as sent (undefined for
 * a 204; the Worker parsed it with the route's schema). The API answers an agent's refusal with 502
 * and an offline device or a broker timeout with 503; both arrive as ApiError.
 */
export function deviceCall(
  path: string,
  options: { method?: "POST" | "PATCH"; json?: unknown; signal?: AbortSignal },
): Promise<unknown> {
  return apiJson(path, { ...options, method: options.method ?? "POST" });
}

/** An image behind the bearer token (a screenshot, by the URL the API gave) as a Blob. */
export function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  // The token only ever goes to this console's own API.
  if (!url.startsWith(`${API_BASE}/`)) return Promise.reject(new ApiError(0, null));
  return apiBlob(url.slice(API_BASE.length), signal);
}

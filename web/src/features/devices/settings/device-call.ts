import type { z } from "zod";
import { API_BASE, ApiError, apiBlob, apiFetch } from "@/lib/api";

/**
 * A call that reaches the device's agent (POST unless told). The API answers an agent's refusal
 * with 502 and an offline device or a broker timeout with 503; both arrive as ApiError.
 */
export function deviceCall<S extends z.ZodType>(
  path: string,
  options: { schema: S; method?: "POST" | "PATCH"; json?: unknown; signal?: AbortSignal },
): Promise<z.output<S>> {
  return apiFetch(path, { ...options, method: options.method ?? "POST" });
}

/** An image behind the bearer token (a screenshot, by the URL the API gave) as a Blob. */
export function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  // The token only ever goes to this console's own API.
  if (!url.startsWith(`${API_BASE}/`)) return Promise.reject(new ApiError(0, null));
  return apiBlob(url.slice(API_BASE.length), signal);
}

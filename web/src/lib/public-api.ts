import { ApiErrorBody } from "@contracts/errors";
import type { z } from "zod";
import { ApiError, apiUrl } from "./api";

type PublicFetchOptions<S extends z.ZodType> = {
  schema: S;
  method?: "GET" | "POST" | "PATCH";
  json?: unknown;
  signal?: AbortSignal;
};

/**
 * A call without a session (the account-lifecycle pages: the link's token is the credential).
 * Same error type as apiFetch, so pages read `status`, `body.message` and `fieldErrors`.
 */
export async function publicFetch<S extends z.ZodType>(
  path: string,
  options: PublicFetchOptions<S>,
): Promise<z.output<S>> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method: options.method ?? "GET",
      headers: {
        Accept: "application/json",
        ...(options.json === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, null);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const body = ApiErrorBody.safeParse(data);
    throw new ApiError(res.status, body.success ? body.data : null);
  }
  return options.schema.parse(data);
}

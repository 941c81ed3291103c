import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { type ApiErrorBody, type ErrorCode, errorCodes } from "../../contracts/errors.ts";

/** The one error type of the API; app.onError turns it into the one JSON shape. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return errorCodes[this.code] as ContentfulStatusCode;
  }
  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

/** zod issues → the spec's 400 with a list of messages per field ("Required" for missing ones). */
export function fieldErrors(error: { issues: readonly z.core.$ZodIssue[] }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "non_field_errors";
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    out[key] = [...(out[key] ?? []), missing ? "Required" : issue.message];
  }
  return out;
}

export const validationError = (error: { issues: readonly z.core.$ZodIssue[] }) =>
  new ApiError("validation_error", "There are validation errors.", fieldErrors(error));

export function handleError(err: unknown, c: Context): Response {
  if (err instanceof ApiError) {
    return c.json(err.toBody(), err.status, err.headers);
  }
  if (err instanceof z.ZodError) {
    const api = validationError(err);
    return c.json(api.toBody(), 400);
  }
  if (err instanceof HTTPException) {
    const code = err.status === 404 ? "not_found" : err.status === 401 ? "unauthorized" : "bad_request";
    return c.json({ code, message: err.message || "Request failed" }, err.status);
  }
  console.error("unhandled error", err);
  return c.json({ code: "internal", message: "An unexpected error occurred" }, 500);
}

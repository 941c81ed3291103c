import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { OUTCOME_UNKNOWN_MESSAGE } from "../../contracts/commands/queue.ts";
import {
  type ApiErrorBody,
  type EntryErrors,
  type ErrorCode,
  errorCodes,
  type FieldErrors,
} from "../../contracts/http/errors.ts";

/** The one error type of the API; app.onError turns it into the one JSON shape. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
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

/**
 * 504 outcome_unknown: the device took the command (acknowledged it) but its answer
 * did not come back, so it may have run. The body carries the command's id and where its
 * outcome can be read once the late answer arrives.
 */
export class OutcomeUnknownError extends ApiError {
  constructor(
    readonly command_id: string,
    readonly status_url: string,
  ) {
    super("outcome_unknown", OUTCOME_UNKNOWN_MESSAGE);
  }
  toBody(): ApiErrorBody {
    return { ...super.toBody(), command_id: this.command_id, status_url: this.status_url };
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at `path` inside `input` (undefined when any step is missing). */
const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) => (isRecord(value) || Array.isArray(value) ? value[key as never] : undefined),
    input,
  );

/**
 * zod issues → field errors, knowing the raw input: "Required" only where the value is absent
 * (zod 4 issues do not carry their input, so fieldErrors reports every type error as Required),
 * and an issue inside an entry of a list field (path [field, index, key]) goes into a list aligned
 * with the entries of `input[field]` ({} for a valid entry), e.g.
 * `{ working_time_monday: [{ start: ["Overlapping intervals detected"] }, {}] }`.
 */
export function fieldErrorsOfInput(error: { issues: readonly z.core.$ZodIssue[] }, input: unknown): FieldErrors {
  const flat: Record<string, string[]> = {};
  const lists: Record<string, EntryErrors[]> = {};
  for (const issue of error.issues) {
    const missing = issue.code === "invalid_type" && valueAt(input, issue.path) === undefined;
    const message = missing ? "Required" : issue.message;
    const [field, index, key, ...rest] = issue.path;
    const entries = isRecord(input) && typeof field === "string" ? input[field] : undefined;
    if (typeof index !== "number" || key === undefined || !Array.isArray(entries) || index >= entries.length) {
      const name = issue.path.length ? issue.path.join(".") : "non_field_errors";
      flat[name] = [...(flat[name] ?? []), message];
      continue;
    }
    const list = lists[String(field)] ?? entries.map((): EntryErrors => ({}));
    lists[String(field)] = list;
    const name = [key, ...rest].join(".");
    list[index][name] = [...(list[index][name] ?? []), message];
  }
  return { ...flat, ...lists };
}

/**
 * Every error answers in the one shape with the request's id (also in the X-Request-Id header
 * and in the log line of an unexpected error), so a user's report can be matched to the logs.
 */
export function handleError(err: unknown, c: Context): Response {
  const request_id: string | undefined = c.get("requestId");
  const withId = (body: ApiErrorBody): ApiErrorBody => (request_id ? { ...body, request_id } : body);
  if (err instanceof ApiError) {
    return c.json(withId(err.toBody()), err.status, err.headers);
  }
  if (err instanceof z.ZodError) {
    const api = validationError(err);
    return c.json(withId(api.toBody()), 400);
  }
  if (err instanceof HTTPException) {
    const code = err.status === 404 ? "not_found" : err.status === 401 ? "unauthorized" : "bad_request";
    return c.json(withId({ code, message: err.message || "Request failed" }), err.status);
  }
  console.error("unhandled error", { request_id, path: new URL(c.req.url).pathname }, err);
  return c.json(withId({ code: "internal", message: "An unexpected error occurred" }), 500);
}

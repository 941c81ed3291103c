import { z } from "zod";

/**
 * The one error shape of the API. 400 carries either field errors (`errors`, a list of
 * messages per field, the spec's "400 {field errors}") or only a general `message`.
 */
export const ApiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const errorCodes = {
  bad_request: 400,
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof errorCodes;

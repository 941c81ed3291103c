import { z } from "zod";

/** Messages per field of one entry of a list field (e.g. one working-time interval). */
export const EntryErrors = z.record(z.string(), z.array(z.string()));
export type EntryErrors = z.infer<typeof EntryErrors>;

/**
 * Field errors: a list of messages per field or, for a list of objects (the working-time days),
 * a list aligned with its entries where each entry has its own messages per field (`{}` = valid).
 */
export const FieldErrors = z.record(z.string(), z.union([z.array(z.string()), z.array(EntryErrors)]));
export type FieldErrors = z.infer<typeof FieldErrors>;

/**
 * The one error shape of the API. 400 carries either field errors (`errors`, the spec's
 * "400 {field errors}") or only a general `message`.
 */
export const ApiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: FieldErrors.optional(),
  /** The request's id (also the X-Request-Id response header): quote it when reporting a problem. */
  request_id: z.string().optional(),
  /** outcome_unknown: the command's id and where its outcome can be read when it arrives. */
  command_id: z.string().optional(),
  status_url: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const errorCodes = {
  bad_request: 400,
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** A body that is not sent as JSON to a route that reads a JSON body. */
  unsupported_media_type: 415,
  /** A body over the route's limit (routes without sign-in read at most 64 KiB). */
  payload_too_large: 413,
  conflict: 409,
  unprocessable: 422,
  /** The device (its agent) refused or failed a remote action: the upstream failed, not the caller. */
  device_failed: 502,
  /** The device is offline, or its agent left before it answered a remote action (devices.md §9). */
  device_offline: 503,
  /** The device's agent did not answer a remote action within 30 s (devices.md §9). */
  device_timeout: 503,
  /** The device is disabled: every remote action but re-enabling is refused upfront ("Device is disabled"). */
  device_disabled: 409,
  /** The device is not installed (non_connected, installation_pending): "Action failed. Device not installed." (devices.md §7). */
  device_not_installed: 409,
  too_many_requests: 429,
  /**
   * A command reached the device (acknowledged) but its answer did not come back: it may have
   * run. Not safe to retry blindly; read status_url (the answer updates it when it arrives).
   */
  outcome_unknown: 504,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof errorCodes;

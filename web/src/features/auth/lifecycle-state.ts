import { ACCOUNT_MESSAGES } from "@contracts/accounts/schema";
import { ApiError } from "@/lib/api/api";
import type { SuccessState } from "./success-page";

/**
 * console.md §8: the lifecycle replies that end on the Success screen, by status and text.
 * Anything else (other 400s) stays on the page and is shown there.
 */
export function successStateFor(error: unknown): SuccessState | null {
  if (!(error instanceof ApiError)) return null;
  const message = error.body?.message ?? "";
  const fieldMessages = Object.values(error.fieldErrors).flat();
  if (error.status === 400 && message === ACCOUNT_MESSAGES.invalidToken) return "LinkExpired";
  if (error.status === 400 && message === ACCOUNT_MESSAGES.notFullySetUp) return "AccountNotFullySetUp";
  if (error.status === 400 && fieldMessages.includes(ACCOUNT_MESSAGES.invalidEmail)) return "EmailError";
  if (error.status === 404 && message === ACCOUNT_MESSAGES.accountNotFound) return "UserNotAllowed";
  if (error.status === 405 && message === ACCOUNT_MESSAGES.resetAlreadySent) return "MethodNotAllowed";
  if (error.status === 405 && message === ACCOUNT_MESSAGES.nonActive) return "UserNonExist";
  return null;
}

export const successPath = (state: SuccessState) => `/success?state=${state}`;

/** The text to show for an error that does not lead to the Success screen. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return fallback;
    const first = Object.values(error.fieldErrors).flat()[0];
    if (typeof first === "string") return first;
    if (error.body?.message) return error.body.message;
  }
  return fallback;
}

/**
 * What a form shows for a failed call: nothing when the Success screen takes over, the field
 * errors under their fields, else one general message.
 */
export function formErrorOf(
  error: unknown,
  fallback: string,
): { message: string | null; fields: Record<string, string[]> } {
  if (!error || successStateFor(error)) return { message: null, fields: {} };
  if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
    return { message: null, fields: error.fieldErrors };
  }
  return { message: errorText(error, fallback), fields: {} };
}

/** What a lifecycle page hands its form: the call's state, formErrorOf's messages, the submit. */
export type LifecycleFormProps<V> = {
  pending: boolean;
  /** A general message under the form. */
  error: string | null;
  /** Messages under the fields, by field. */
  serverErrors: Record<string, string[]>;
  onSubmit: (values: V) => void;
};

/** The form props of a lifecycle call (useLifecycleCall's mutation). */
export function lifecycleFormProps<V>(
  call: { isPending: boolean; error: unknown; mutate: (values: V) => void },
  fallback: string,
): LifecycleFormProps<V> {
  const failure = formErrorOf(call.error, fallback);
  return {
    pending: call.isPending,
    error: failure.message,
    serverErrors: failure.fields,
    onSubmit: (values) => call.mutate(values),
  };
}

import type { TFunction } from "../i18n";
import type { ApiError } from "./api";

/** What a failed save shows: messages under fields, and a general message above the form. */
export type FormFailure = { fields: Record<string, string>; general: string | null };

/**
 * console.md §5 and §8: a 400 with field errors goes under each field (errors of fields the
 * form does not show join the general message), a 400 with only a message is general, a 409
 * is the display id's error; anything else is "An unexpected error occurred".
 */
/** By name, not instanceof: keeps this module free of the session code api.ts loads. */
const isApiError = (error: unknown): error is Pick<ApiError, "status" | "message" | "fieldErrors"> =>
  error instanceof Error && error.name === "ApiError";

export function toFormFailure(error: unknown, formFields: readonly string[], t: TFunction): FormFailure {
  if (isApiError(error) && error.status === 400) {
    const fields: Record<string, string> = {};
    const other: string[] = [];
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      if (formFields.includes(field)) fields[field] = messages.join(" ");
      else other.push(`${field}: ${messages.join(" ")}`);
    }
    const fieldless = Object.keys(fields).length === 0 && other.length === 0;
    return { fields, general: fieldless ? error.message : other.length ? other.join(" | ") : null };
  }
  if (isApiError(error) && error.status === 409) {
    return { fields: { display_id: error.message }, general: null };
  }
  return { fields: {}, general: t("common.unexpectedError") };
}

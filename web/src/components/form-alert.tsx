import { CircleAlertIcon } from "lucide-react";
import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { FormFailure } from "@/lib/api/form-failure";

/** The general message above a form whose save failed (console.md §5): nothing when there is none. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/8 px-3 py-2 text-sm text-destructive"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

/**
 * A failed save shown on a react-hook-form form the same way on every sheet: each field's
 * message under its field, the rest as `general` for FormAlert. `clear` before each try.
 */
export function useFormFailure<T extends FieldValues>(form: UseFormReturn<T>, options?: { shouldFocus: boolean }) {
  const [general, setGeneral] = useState<string | null>(null);
  const show = (failure: FormFailure) => {
    setGeneral(failure.general);
    for (const [field, message] of Object.entries(failure.fields))
      form.setError(field as Path<T>, { type: "server", message }, options);
  };
  return { general, clear: () => setGeneral(null), show };
}

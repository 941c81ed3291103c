import { CircleAlertIcon } from "lucide-react";

/** A form's general error line (kept in an aria-live region so it is announced). */
export function FormError({ message }: { message: string | null }) {
  return (
    <div aria-live="polite" className="min-h-5">
      {message && (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
    </div>
  );
}

import { CircleAlertIcon, LoaderCircleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

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

/** A public form's full-width submit button; busy (spinner, disabled) while the call is pending. */
export function SubmitButton({
  pending,
  className,
  children,
}: {
  pending: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" disabled={pending} aria-busy={pending} className={cn("w-full", className)}>
      {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
      {children}
    </Button>
  );
}

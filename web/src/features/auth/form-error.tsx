import { CircleAlertIcon, LoaderCircleIcon } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/ui/utils";

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

type AuthFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: ReactNode;
  /** The submit button's classes; a little room above it unless told. */
  submitClassName?: string;
  /** The general error under the button. */
  error: string | null;
  /** The fields. */
  children: ReactNode;
  /** Below the button and the error (e.g. a link), after them in the keyboard's order too. */
  after?: ReactNode;
};

/** A public form: its fields, the full-width submit button, then the general error. */
export function AuthForm({
  onSubmit,
  pending,
  submitLabel,
  submitClassName = "mt-1",
  error,
  children,
  after,
}: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {children}
      <SubmitButton pending={pending} className={submitClassName}>
        {submitLabel}
      </SubmitButton>
      <FormError message={error} />
      {after}
    </form>
  );
}

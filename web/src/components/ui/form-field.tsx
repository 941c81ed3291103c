import type { ReactNode } from "react";
import { cn } from "@/lib/ui/utils";
import { Label } from "./label";

type FormFieldProps = {
  /** The control's id; the error is `${id}-error` (see fieldProps). */
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  /** A character counter "count/max" under the control. */
  count?: number;
  max?: number;
  className?: string;
  children: ReactNode;
};

/** The a11y wiring of a control inside a FormField. */
export function fieldProps(id: string, error: string | undefined, required?: boolean) {
  return {
    id,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  } as const;
}

/** Label, control, error and counter, laid out the same everywhere. */
export function FormField({ id, label, error, required, count, max, className, children }: FormFieldProps) {
  const counter = max !== undefined;
  return (
    <div data-slot="form-field" className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <div className="flex items-center gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {required && (
          <span aria-hidden="true" className="text-[13px] leading-none text-destructive">
            *
          </span>
        )}
      </div>
      {children}
      {(error || counter) && (
        <div className="flex items-start justify-between gap-3 text-xs leading-4">
          <p id={`${id}-error`} className="text-destructive">
            {error}
          </p>
          {counter && (
            <span
              className={cn("shrink-0 tabular-nums text-muted-foreground", (count ?? 0) > max && "text-destructive")}
            >
              {count ?? 0}/{max}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

import "@/lib/i18n/locales/en-auth";
import type { ComponentProps, ReactNode } from "react";
import { regexes } from "zod/v4/core";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type TFunction, useT } from "@/lib/i18n";

/**
 * A required e-mail address, trimmed, with zod's e-mail pattern (the sign-in and link-request
 * forms): react-hook-form's own rules, not zod's parser, so /login (every user's first page) loads
 * no zod.
 */
export const emailRules = (t: TFunction) => ({
  setValueAs: (value: string) => value.trim(),
  validate: (value: string) =>
    value === "" ? t("validation.required") : regexes.email.test(value) || t("validation.email"),
});

/** A labelled input with its error message (for the public forms); `aside` stands at the label's right. */
export function Field({
  id,
  label,
  aside,
  error,
  ...input
}: { id: string; label: string; aside?: ReactNode; error?: string } & ComponentProps<"input">) {
  return (
    <div className="flex flex-col gap-1.5">
      {aside ? (
        <div className="flex items-center justify-between">
          <Label htmlFor={id}>{label}</Label>
          {aside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The sign-in e-mail address (the login and link-request forms). */
export function EmailField(props: { id: string; error?: string } & ComponentProps<"input">) {
  const t = useT();
  return <Field label={t("login.email")} type="email" autoComplete="username" {...props} />;
}

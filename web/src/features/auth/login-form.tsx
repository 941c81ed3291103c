import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlertIcon, LoaderCircleIcon } from "lucide-react";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useT } from "@/lib/i18n";
import type { SignInValues } from "./use-sign-in";

type LoginFormProps = {
  /** Prefilled e.g. after a lifecycle page set the password. */
  defaultEmail?: string;
  pending: boolean;
  /** The server's message (wrong password, throttled, …), shown under the form. */
  error: Error | null;
  onSubmit: (values: SignInValues) => void;
};

export function LoginForm({ defaultEmail = "", pending, error, onSubmit }: LoginFormProps) {
  const t = useT();
  const schema = useMemo(
    () =>
      z.object({
        email: z
          .string()
          .trim()
          .min(1, t("validation.required"))
          .pipe(z.email(t("validation.email"))),
        password: z.string().min(1, t("validation.required")),
      }),
    [t],
  );
  const form = useForm<SignInValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="login-email">{t("login.email")}</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="username"
          autoFocus={!defaultEmail}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "login-email-error" : undefined}
          {...form.register("email")}
        />
        {errors.email && (
          <p id="login-email-error" className="text-xs text-destructive">
            {errors.email.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between">
          <Label htmlFor="login-password">{t("login.password")}</Label>
          <Link to="/forgot-password" className="text-xs text-muted-foreground hover:text-foreground hover:underline">
            {t("login.forgot")}
          </Link>
        </div>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(defaultEmail)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "login-password-error" : undefined}
          {...form.register("password")}
        />
        {errors.password && (
          <p id="login-password-error" className="text-xs text-destructive">
            {errors.password.message}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending} className="mt-1 w-full">
        {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        {t("login.submit")}
      </Button>
      <div aria-live="polite" className="min-h-5">
        {error && !pending && (
          <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {error.message}
          </p>
        )}
      </div>
    </form>
  );
}

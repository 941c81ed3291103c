import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { useT } from "@/lib/i18n";
import { AuthForm } from "./form-error";
import { EmailField, emailField, Field } from "./password-fields";
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
        email: emailField(t),
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
    <AuthForm
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={t("login.submit")}
      error={pending ? null : (error?.message ?? null)}
    >
      <EmailField
        id="login-email"
        autoFocus={!defaultEmail}
        error={errors.email?.message}
        {...form.register("email")}
      />
      <Field
        id="login-password"
        label={t("login.password")}
        aside={
          <Link to="/forgot-password" className="text-xs text-muted-foreground hover:text-foreground hover:underline">
            {t("login.forgot")}
          </Link>
        }
        type="password"
        autoComplete="current-password"
        autoFocus={Boolean(defaultEmail)}
        error={errors.password?.message}
        {...form.register("password")}
      />
    </AuthForm>
  );
}

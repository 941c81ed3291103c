import "@/lib/i18n/locales/en-auth";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { type TFunction, useT } from "@/lib/i18n";
import { EmailField, emailRules, Field } from "./fields";
import { AuthForm } from "./form-error";
import type { SignInValues } from "./use-sign-in";

/** The sign-in form's rules: react-hook-form's own, so /login loads no zod. */
const loginRules = (t: TFunction) => ({ email: emailRules(t), password: { required: t("validation.required") } });

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
  const rules = loginRules(t);
  const form = useForm<SignInValues>({ defaultValues: { email: defaultEmail, password: "" } });
  const { errors } = form.formState;

  return (
    <AuthForm
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={t("login.submit")}
      error={pending ? null : (error?.message ?? null)}
      // After the button: the keyboard goes e-mail, password, Sign in (a link between the two fields
      // took the Tab from the e-mail field, and Enter there opened the reset page).
      after={
        <Link
          to="/forgot-password"
          className="self-center text-sm text-muted-foreground hover:text-foreground hover:underline"
        >
          {t("login.forgot")}
        </Link>
      }
    >
      <EmailField
        id="login-email"
        autoFocus={!defaultEmail}
        error={errors.email?.message}
        {...form.register("email", rules.email)}
      />
      <Field
        id="login-password"
        label={t("login.password")}
        type="password"
        autoComplete="current-password"
        autoFocus={Boolean(defaultEmail)}
        error={errors.password?.message}
        {...form.register("password", rules.password)}
      />
    </AuthForm>
  );
}

import "@/lib/i18n/locales/en-auth";
import "@/lib/i18n/locales/en-accounts";
import type { TokenCheck } from "@contracts/accounts/lifecycle";
import { registerAccount } from "@contracts/accounts/routes";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { callPublic } from "@/lib/api/public-api";
import { type TFunction, useT } from "@/lib/i18n";
import { AuthCard } from "./auth-layout";
import { Field } from "./fields";
import { AuthForm } from "./form-error";
import { passwordShape, passwordsMatch } from "./form-rules";
import { type LifecycleFormProps, lifecycleFormProps } from "./lifecycle-state";
import { LinkGate } from "./link-gate";
import { PasswordFields } from "./password-fields";
import { useLifecycleCall } from "./use-lifecycle";

export type RegistrationValues = { display_name: string; full_name: string; password: string; confirm: string };

const registrationSchema = (t: TFunction) => {
  const match = passwordsMatch(t);
  return z
    .object({
      display_name: z.string().trim().min(1, t("validation.required")).max(256),
      full_name: z.string().trim().max(256),
      ...passwordShape(t),
    })
    .refine(match.check, match.params);
};

type RegistrationFormProps = LifecycleFormProps<RegistrationValues> & {
  email: string;
  defaultValues: RegistrationValues;
};

/** Display name, full name and a password for a newly invited user. */
export function RegistrationForm({
  email,
  defaultValues,
  pending,
  error,
  serverErrors,
  onSubmit,
}: RegistrationFormProps) {
  const t = useT();
  const schema = useMemo(() => registrationSchema(t), [t]);
  const form = useForm<RegistrationValues>({ resolver: zodResolver(schema), defaultValues });
  const { errors } = form.formState;
  const message = (field: keyof RegistrationValues) => errors[field]?.message ?? serverErrors[field]?.[0];

  return (
    <AuthForm
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={t("lifecycle.register")}
      error={error}
    >
      <Field id="reg-email" label={t("login.email")} value={email} readOnly disabled autoComplete="username" />
      <Field
        id="reg-display-name"
        label={t("lifecycle.displayName")}
        autoComplete="nickname"
        autoFocus
        error={message("display_name")}
        {...form.register("display_name")}
      />
      <Field
        id="reg-full-name"
        label={t("lifecycle.fullName")}
        autoComplete="name"
        error={message("full_name")}
        {...form.register("full_name")}
      />
      <PasswordFields
        idPrefix="reg"
        t={t}
        password={form.register("password")}
        confirm={form.register("confirm")}
        errors={{ password: message("password"), confirm: message("confirm") }}
      />
    </AuthForm>
  );
}

function RegistrationCard({ check, link }: { check: TokenCheck; link: { account: string; token: string } }) {
  const t = useT();
  const navigate = useNavigate();
  const call = useLifecycleCall(
    ({ confirm: _confirm, full_name, ...values }: RegistrationValues) =>
      callPublic(registerAccount, {
        params: { id: link.account },
        json: { ...values, full_name: full_name || undefined, token: link.token },
      }),
    (reply) => navigate("/login", { replace: true, state: { notice: t("lifecycle.registered"), email: reply.email } }),
  );
  return (
    <AuthCard
      title={t("public.registration.title")}
      description={t("lifecycle.registrationText", { space: check.space_name })}
    >
      <RegistrationForm
        {...lifecycleFormProps(call, t("lifecycle.failed"))}
        email={check.email}
        defaultValues={{ display_name: check.display_name, full_name: "", password: "", confirm: "" }}
      />
    </AuthCard>
  );
}

/** /account-registration?account=…&token=… — a new user finishes their invitation. */
export function RegistrationPage() {
  return (
    <LinkGate purposes={["registration"]}>{(check, link) => <RegistrationCard check={check} link={link} />}</LinkGate>
  );
}

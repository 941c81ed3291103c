import "@/lib/i18n/locales/en-auth";
import "@/lib/i18n/locales/en-accounts";
import type { TokenCheck } from "@contracts/accounts/lifecycle";
import { setPasswordReset, setPasswordUpdate } from "@contracts/accounts/routes";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { callPublic } from "@/lib/api/public-api";
import { type MessageKey, useT } from "@/lib/i18n";
import { AuthCard } from "./auth-layout";
import { Field } from "./fields";
import { AuthForm } from "./form-error";
import { passwordShape, passwordsMatch } from "./form-rules";
import { type LifecycleFormProps, lifecycleFormProps } from "./lifecycle-state";
import { LinkGate } from "./link-gate";
import { PasswordFields } from "./password-fields";
import { forgetSessionOf, useLifecycleCall } from "./use-lifecycle";

export type PasswordValues = { password: string; confirm: string };

type SetPasswordFormProps = LifecycleFormProps<PasswordValues> & { email: string; submitLabel: string };

/** A new password, typed twice. */
export function SetPasswordForm({ email, pending, error, serverErrors, submitLabel, onSubmit }: SetPasswordFormProps) {
  const t = useT();
  const schema = useMemo(() => {
    const match = passwordsMatch(t);
    return z.object(passwordShape(t)).refine(match.check, match.params);
  }, [t]);
  const form = useForm<PasswordValues>({ resolver: zodResolver(schema), defaultValues: { password: "", confirm: "" } });
  const { errors } = form.formState;
  return (
    <AuthForm onSubmit={form.handleSubmit(onSubmit)} pending={pending} submitLabel={submitLabel} error={error}>
      <Field id="pw-email" label={t("login.email")} value={email} readOnly disabled autoComplete="username" />
      <PasswordFields
        idPrefix="pw"
        t={t}
        password={form.register("password")}
        confirm={form.register("confirm")}
        errors={{
          password: errors.password?.message ?? serverErrors.password?.[0],
          confirm: errors.confirm?.message,
        }}
      />
    </AuthForm>
  );
}

const variants = {
  update: {
    purpose: "password_update",
    route: setPasswordUpdate,
    title: "public.passwordUpdate.title",
    text: "lifecycle.passwordUpdateText",
  },
  reset: {
    purpose: "password_reset",
    route: setPasswordReset,
    title: "public.passwordReset.title",
    text: "lifecycle.passwordResetText",
  },
} as const satisfies Record<
  string,
  { purpose: string; route: typeof setPasswordUpdate | typeof setPasswordReset; title: MessageKey; text: MessageKey }
>;

function SetPasswordCard({
  kind,
  check,
  link,
}: {
  kind: keyof typeof variants;
  check: TokenCheck;
  link: { account: string; token: string };
}) {
  const t = useT();
  const navigate = useNavigate();
  const variant = variants[kind];
  const call = useLifecycleCall(
    ({ password }: PasswordValues) =>
      callPublic(variant.route, { params: { id: link.account }, json: { token: link.token, password } }),
    (reply) => {
      forgetSessionOf(reply.email);
      navigate("/login", { replace: true, state: { notice: t("lifecycle.passwordSet"), email: reply.email } });
    },
  );
  return (
    <AuthCard title={t(variant.title)} description={t(variant.text)}>
      <SetPasswordForm
        {...lifecycleFormProps(call, t("lifecycle.failed"))}
        email={check.email}
        submitLabel={t("lifecycle.savePassword")}
      />
    </AuthCard>
  );
}

/** /account-password-update and /account-password-reset: set a password from an e-mailed link. */
export function SetPasswordPage({ kind }: { kind: keyof typeof variants }) {
  return (
    <LinkGate purposes={[variants[kind].purpose]}>
      {(check, link) => <SetPasswordCard kind={kind} check={check} link={link} />}
    </LinkGate>
  );
}

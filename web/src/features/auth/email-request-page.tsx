import "@/lib/i18n/locales/en-auth";
import "@/lib/i18n/locales/en-accounts";
import { requestPasswordReset, requestPasswordUpdate } from "@contracts/accounts/routes";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { callPublic } from "@/lib/api/public-api";
import { type MessageKey, useT } from "@/lib/i18n";
import { sessionEmail } from "@/lib/session/session";
import { AuthCard, BackToLogin } from "./auth-layout";
import { EmailField, emailRules } from "./fields";
import { AuthForm } from "./form-error";
import { type LifecycleFormProps, lifecycleFormProps, successPath } from "./lifecycle-state";
import { useLifecycleCall } from "./use-lifecycle";

type EmailValues = { email: string };

type EmailFormProps = LifecycleFormProps<EmailValues> & { defaultEmail: string; submitLabel: string };

/** One e-mail field and a submit button. */
export function EmailForm({ defaultEmail, pending, error, serverErrors, submitLabel, onSubmit }: EmailFormProps) {
  const t = useT();
  const form = useForm<EmailValues>({ defaultValues: { email: defaultEmail } });
  return (
    <AuthForm
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={submitLabel}
      submitClassName=""
      error={error}
    >
      <EmailField
        id="request-email"
        autoFocus
        error={form.formState.errors.email?.message ?? serverErrors.email?.[0]}
        {...form.register("email", emailRules(t))}
      />
    </AuthForm>
  );
}

/** Pages that mail a link: forgot password (reset), change password and finish setting up (update). */
const variants = {
  "forgot-password": {
    route: requestPasswordReset,
    title: "public.forgotPassword.title",
    text: "lifecycle.forgotText",
    submit: "lifecycle.sendReset",
  },
  "change-password": {
    route: requestPasswordUpdate,
    title: "public.changePassword.title",
    text: "lifecycle.changeText",
    submit: "lifecycle.sendLink",
  },
  "update-account": {
    route: requestPasswordUpdate,
    title: "public.updateAccount.title",
    text: "lifecycle.updateAccountText",
    submit: "lifecycle.sendLink",
  },
} as const satisfies Record<
  string,
  {
    route: typeof requestPasswordReset | typeof requestPasswordUpdate;
    title: MessageKey;
    text: MessageKey;
    submit: MessageKey;
  }
>;

export function EmailRequestPage({ kind }: { kind: keyof typeof variants }) {
  const t = useT();
  const navigate = useNavigate();
  const variant = variants[kind];
  const call = useLifecycleCall(
    ({ email }: EmailValues) => callPublic(variant.route, { json: { email } }),
    () => navigate(successPath("EmailSent"), { replace: true }),
  );
  return (
    <AuthCard title={t(variant.title)} description={t(variant.text)} contentClassName="flex flex-col gap-2">
      <EmailForm
        {...lifecycleFormProps(call, t("lifecycle.failed"))}
        defaultEmail={sessionEmail() ?? ""}
        submitLabel={t(variant.submit)}
      />
      <BackToLogin variant="ghost" size="sm" className="self-center text-muted-foreground" />
    </AuthCard>
  );
}

import "@/lib/i18n/locales/en-accounts";
import { PASSWORD_MIN_LENGTH } from "@contracts/accounts/lifecycle-values";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { TFunction } from "@/lib/i18n";
import { Field } from "./fields";

type PasswordFieldsProps = {
  idPrefix: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
  t: TFunction;
};

/** New password (with the minimum length hint) and its confirmation. */
export function PasswordFields({ idPrefix, password, confirm, errors, t }: PasswordFieldsProps) {
  return (
    <>
      <Field
        id={`${idPrefix}-password`}
        label={t("lifecycle.newPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...password}
      />
      <p className="-mt-2 text-xs text-muted-foreground">{t("lifecycle.passwordHint", { n: PASSWORD_MIN_LENGTH })}</p>
      <Field
        id={`${idPrefix}-confirm`}
        label={t("lifecycle.confirmPassword")}
        type="password"
        autoComplete="new-password"
        error={errors.confirm}
        {...confirm}
      />
    </>
  );
}

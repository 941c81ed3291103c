import "@/lib/i18n/locales/en-accounts";
import { PASSWORD_MIN_LENGTH } from "@contracts/accounts/lifecycle";
import { z } from "zod";
import type { TFunction } from "@/lib/i18n";

/*
 * The password forms' rules (zod, with react-hook-form's resolver). E-mail fields use
 * react-hook-form's own rules (password-fields.tsx `emailRules`), so /login loads no zod.
 */

/** New password + its confirmation, with the server's minimum length. */
export const passwordShape = (t: TFunction) => ({
  password: z.string().min(PASSWORD_MIN_LENGTH, t("lifecycle.passwordTooShort", { n: PASSWORD_MIN_LENGTH })),
  confirm: z.string().min(1, t("validation.required")),
});

export const passwordsMatch = (t: TFunction) => ({
  check: (v: { password: string; confirm: string }) => v.password === v.confirm,
  params: { message: t("lifecycle.passwordMismatch"), path: ["confirm"] },
});

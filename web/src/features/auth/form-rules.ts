import { PASSWORD_MIN_LENGTH } from "@contracts/account-lifecycle";
import { z } from "zod";
import type { TFunction } from "@/lib/i18n";

/*
 * The account-lifecycle forms' rules (zod, with react-hook-form's resolver). The sign-in form
 * checks its two fields with react-hook-form's own rules (login-form.tsx `loginRules`), so that
 * /login, every user's first page, loads no zod (issue 19).
 */

/** A required e-mail address (the sign-in and link-request forms). */
export const emailField = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t("validation.required"))
    .pipe(z.email(t("validation.email")));

/** New password + its confirmation, with the server's minimum length. */
export const passwordShape = (t: TFunction) => ({
  password: z.string().min(PASSWORD_MIN_LENGTH, t("lifecycle.passwordTooShort", { n: PASSWORD_MIN_LENGTH })),
  confirm: z.string().min(1, t("validation.required")),
});

export const passwordsMatch = (t: TFunction) => ({
  check: (v: { password: string; confirm: string }) => v.password === v.confirm,
  params: { message: t("lifecycle.passwordMismatch"), path: ["confirm"] },
});

import { z } from "zod";
import { safeName } from "../http/text.ts";
import { PASSWORD_MIN_LENGTH } from "./lifecycle-values.ts";
import { ACCOUNT_MESSAGES, AccountStatus } from "./schema.ts";

export { PASSWORD_MIN_LENGTH } from "./lifecycle-values.ts";

/**
 * The account lifecycle (console.md §7.7): e-mailed single-use links and the calls behind the
 * public pages. Every link is `/{page}?account={account_uuid}&token={token}`.
 */
export const ActionTokenPurpose = z.enum(["registration", "space_join", "password_reset", "password_update"]);
export type ActionTokenPurpose = z.infer<typeof ActionTokenPurpose>;

/** The public page each purpose's link opens. */
export const LINK_PAGES = {
  registration: "account-registration",
  space_join: "space-join",
  password_reset: "account-password-reset",
  password_update: "account-password-update",
} as const satisfies Record<ActionTokenPurpose, string>;

/** Lifetime of every e-mailed link. */
export const ACTION_TOKEN_TTL_HOURS = 24;

/** Reply of GET /space-account/{id}/token/{token}: what the link is for (400 when it is not valid). */
export const TokenCheck = z.object({
  email: z.string(),
  display_name: z.string(),
  purpose: ActionTokenPurpose,
  space_name: z.string(),
  account_status: AccountStatus,
});
export type TokenCheck = z.infer<typeof TokenCheck>;

export const Password = z
  .string({ error: "Required" })
  .min(PASSWORD_MIN_LENGTH, `Ensure this field has at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(1024, "Ensure this field has no more than 1024 characters.");

const token = z.string({ error: "Required" }).trim().min(1, "Required");

/** PATCH /space-account/{id}/account-registration/. */
export const RegistrationInput = z.object({
  token,
  display_name: safeName(
    z
      .string({ error: "Required" })
      .trim()
      .min(1, "Required")
      .max(256, "Ensure this field has no more than 256 characters."),
  ),
  full_name: safeName(z.string().trim().max(256, "Ensure this field has no more than 256 characters.")).optional(),
  password: Password,
});
export type RegistrationInput = z.infer<typeof RegistrationInput>;

/** PATCH /space-account/{id}/space-join/. */
export const SpaceJoinInput = z.object({ token });
export type SpaceJoinInput = z.infer<typeof SpaceJoinInput>;

/** PATCH /account/{id}/keycloak-password-update/ and /keycloak-password-reset/. */
export const PasswordSetInput = z.object({ token, password: Password });
export type PasswordSetInput = z.infer<typeof PasswordSetInput>;

/** POST /account/password-reset/ and /account/password-update/. */
export const PasswordMailInput = z.object({
  email: z.string({ error: "Required" }).trim().toLowerCase().pipe(z.email(ACCOUNT_MESSAGES.invalidEmail)),
});
export type PasswordMailInput = z.infer<typeof PasswordMailInput>;

/** Reply of every lifecycle call that succeeded. */
export const LifecycleReply = z.object({ message: z.string(), email: z.string() });
export type LifecycleReply = z.infer<typeof LifecycleReply>;

import { EmailRequestPage } from "./email-request-page";
import { RegistrationPage } from "./registration-page";
import { SetPasswordPage } from "./set-password-page";
import { SpaceJoinPage } from "./space-join-page";

/** The public account-lifecycle routes (console.md §2.1), each a real form (§7.7). */
export const publicPages = [
  "account-registration",
  "space-join",
  "account-password-update",
  "account-password-reset",
  "update-account",
  "forgot-password",
  "change-password",
] as const;

export type PublicPage = (typeof publicPages)[number];

/** The router's element for every public page: the page's own form. */
export function PublicInfoPage({ page }: { page: PublicPage }) {
  switch (page) {
    case "account-registration":
      return <RegistrationPage />;
    case "space-join":
      return <SpaceJoinPage />;
    case "account-password-update":
      return <SetPasswordPage kind="update" />;
    case "account-password-reset":
      return <SetPasswordPage kind="reset" />;
    case "forgot-password":
    case "change-password":
    case "update-account":
      return <EmailRequestPage kind={page} />;
  }
}

import { EmailRequestPage } from "./email-request-page";
import type { PublicPage } from "./public-pages";
import { RegistrationPage } from "./registration-page";
import { SetPasswordPage } from "./set-password-page";
import { SpaceJoinPage } from "./space-join-page";

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

import "@/lib/i18n/locales/en-auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { TokenRequestError } from "@/lib/session/auth-client";
import { endSession, signIn } from "@/lib/session/session";
import { sessionQueries } from "../session/queries";

export type SignInValues = { email: string; password: string };

/**
 * Password grant, then POST /account/login/ for the user and their spaces. The error's
 * message is what the login form shows (the server's own text when it sent one).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: async ({ email, password }: SignInValues) => {
      try {
        await signIn(email.trim(), password);
      } catch (error) {
        if (!(error instanceof TokenRequestError)) throw error;
        if (error.description) throw new Error(error.description);
        throw new Error(error.code === "network_error" ? t("login.networkError") : t("login.failed"));
      }
      try {
        await queryClient.fetchQuery(sessionQueries.me());
      } catch (error) {
        endSession("signed_out");
        if (error instanceof ApiError && error.body) throw new Error(error.body.message);
        throw new Error(t("login.profileFailed"));
      }
    },
  });
}

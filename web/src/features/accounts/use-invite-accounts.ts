import "@/lib/i18n/locales/en-accounts";
import { inviteAccounts } from "@contracts/accounts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { accountQueries } from "./queries";

export type InviteEntryValue = { email: string; role_uuid: string };

/** POST /space/{space}/account/add/; the form reads field errors from `error`. */
export function useInviteAccounts(space: string) {
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: (entries: InviteEntryValue[]) =>
      callApi(inviteAccounts, { params: { space }, json: { user_accounts: entries } }),
    onSuccess: () => {
      showAlert({ type: "success", message: t("invite.success") });
      return queryClient.invalidateQueries({ queryKey: accountQueries.all(space) });
    },
    onError: () => showAlert({ type: "error", message: t("invite.failed") }),
  });
}

import "@/lib/i18n/locales/en-accounts";
import { updateAccount } from "@contracts/accounts/routes";
import type { AccountPatch } from "@contracts/accounts/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { accountQueries } from "./queries";

/** The first message of a 400's field errors, else the server's message. */
function messageOf(error: Error): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.fieldErrors).flat()[0];
    if (typeof first === "string") return first;
  }
  return error.message;
}

/** PATCH /space/{space}/account/{account_uuid}/ — role change, disable or enable (Admin). */
export function useUpdateAccount(space: string) {
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ account_uuid, ...patch }: AccountPatch & { account_uuid: string }) =>
      callApi(updateAccount, { params: { space, account: account_uuid }, json: patch }),
    onSuccess: (row, patch) => {
      const key =
        patch.status === "disabled"
          ? "accounts.disabled"
          : patch.status === "active"
            ? "accounts.enabled"
            : "accounts.roleChanged";
      showAlert({ type: "success", message: t(key, { email: row.email }) });
      return queryClient.invalidateQueries({ queryKey: accountQueries.all(space) });
    },
    onError: (error) => showAlert({ type: "error", message: t("accounts.updateFailed", { reason: messageOf(error) }) }),
  });
}

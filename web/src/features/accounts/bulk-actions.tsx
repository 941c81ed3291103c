import "@/lib/i18n/locales/en-accounts";
import "@/lib/i18n/locales/en-bulk";
import type { AccountRow } from "@contracts/accounts/schema";
import { bulkAccounts } from "@contracts/bulk/routes";
import type { AccountBulkResult } from "@contracts/bulk/schema";
import type { Role } from "@contracts/spaces/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserCogIcon, UserXIcon } from "lucide-react";
import { useId, useState } from "react";
import { FormDialog } from "@/components/form-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { accountQueries } from "./queries";
import { RoleSelect } from "./role-select";

type Kind = "set_role" | "disable";

type AccountBulkActionsProps = {
  space: string;
  roles: readonly Role[];
  /** The selected rows (this page's). */
  rows: readonly AccountRow[];
  onDone: () => void;
};

/**
 * Bulk role change and disable for the selected accounts (Admin): a
 * confirmation naming the count, then each account's result (your own row is refused by the
 * server's rules and reported, the others go through).
 */
export function AccountBulkActions({ space, roles, rows, onDone }: AccountBulkActionsProps) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind | null>(null);
  const [shown, setShown] = useState<Kind>("set_role");
  if (kind && kind !== shown) setShown(kind);
  const [role, setRole] = useState("");
  const [failures, setFailures] = useState<AccountBulkResult[]>([]);
  const chosenRole = role || roles[roles.length - 1]?.uuid || "";
  const emails = new Map(rows.map((r) => [r.account_uuid, r.email]));

  const run = useMutation({
    mutationFn: (action: Kind) =>
      callApi(bulkAccounts, {
        params: { space },
        json: {
          action,
          account_uuids: rows.map((r) => r.account_uuid),
          ...(action === "set_role" ? { role_uuid: chosenRole } : {}),
        },
      }),
    onSuccess: async (reply) => {
      const failed = reply.results.filter((r) => r.outcome === "failed");
      const succeeded = reply.results.length - failed.length;
      if (succeeded > 0) showAlert({ type: "success", message: t("bulk.accounts.done", { succeeded }) });
      await queryClient.invalidateQueries({ queryKey: accountQueries.all(space) });
      onDone();
      if (failed.length) setFailures(failed);
      else close();
    },
    onError: (error) => showAlert({ type: "error", message: t("bulk.failed", { reason: error.message }) }),
  });

  const close = () => {
    setKind(null);
    setRole("");
    setFailures([]);
  };
  const count = rows.length;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setKind("set_role")}>
        <UserCogIcon aria-hidden="true" />
        {t("bulk.accounts.changeRole")}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => setKind("disable")}
      >
        <UserXIcon aria-hidden="true" />
        {t("bulk.accounts.disable")}
      </Button>
      <FormDialog
        open={kind !== null}
        onClose={close}
        className="max-w-md"
        title={
          shown === "set_role" ? t("bulk.accounts.roleTitle", { count }) : t("bulk.accounts.disableTitle", { count })
        }
        description={shown === "set_role" ? t("bulk.accounts.roleText") : t("bulk.accounts.disableText")}
        label={shown === "set_role" ? t("common.save") : t("bulk.accounts.disable")}
        destructive={shown === "disable"}
        pending={run.isPending}
        disabled={failures.length > 0 || (shown === "set_role" && !chosenRole)}
        onConfirm={() => run.mutate(shown)}
      >
        {shown === "set_role" && failures.length === 0 && (
          <RoleSelect
            id={`${id}-role`}
            label={t("accounts.col.role")}
            roles={roles}
            value={chosenRole}
            onChange={setRole}
          />
        )}
        {failures.length > 0 && (
          <div role="alert" className="grid gap-2">
            <p className="text-sm font-medium">{t("bulk.accounts.someFailed", { failed: failures.length })}</p>
            <ul className="divide-y rounded-md border text-sm">
              {failures.map((f) => (
                <li key={f.account_uuid} className="flex items-start justify-between gap-3 px-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{emails.get(f.account_uuid) ?? f.account_uuid}</p>
                    <p className="text-xs text-muted-foreground">{f.message}</p>
                  </div>
                  <Badge variant="destructive">{t("bulk.outcome.failed")}</Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
      </FormDialog>
    </>
  );
}

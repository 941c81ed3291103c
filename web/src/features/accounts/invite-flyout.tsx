import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-accounts";
import { useQuery } from "@tanstack/react-query";
import { ShieldXIcon } from "lucide-react";
import { useState } from "react";
import { FlyoutSheet, useFlyoutClose } from "@/app/flyout";
import { EmptyState } from "@/components/ui/empty-state";
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { usePermissions } from "@/features/space/use-permissions";
import { ApiError } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { InviteForm, type InviteRowValue } from "./invite-form";
import { type InviteEntryValue, useInviteAccounts } from "./use-invite-accounts";

/** The server's entry errors (a list aligned with user_accounts) → messages under each entry's row. */
function errorsByRow(error: unknown, entries: InviteEntryValue[], rowOf: string[]): Record<string, string[]> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string[]> = {};
  (error.entryErrors("user_accounts") ?? []).forEach((fields, index) => {
    const rowId = rowOf[index];
    if (!rowId) return;
    for (const message of Object.values(fields).flat()) {
      out[rowId] = [...(out[rowId] ?? []), `${entries[index].email}: ${message}`];
    }
  });
  return out;
}

function InvitePanel() {
  const t = useT();
  const close = useFlyoutClose();
  const { space } = useCurrentSpace();
  const { isAdmin } = usePermissions();
  const detail = useQuery(spaceQueries.detail(space.space_uuid));
  const roles = useQuery(spaceQueries.roles(space.space_uuid));
  const invite = useInviteAccounts(space.space_uuid);
  const [rowErrors, setRowErrors] = useState<Record<string, string[]>>({});

  const submit = (rows: InviteRowValue[]) => {
    const entries: InviteEntryValue[] = [];
    const rowOf: string[] = [];
    for (const row of rows) {
      for (const email of row.emails) {
        entries.push({ email, role_uuid: row.role_uuid });
        rowOf.push(row.id);
      }
    }
    setRowErrors({});
    if (entries.length === 0) {
      showAlert({ type: "warning", message: t("invite.nothing") });
      return;
    }
    invite.mutate(entries, {
      onSuccess: close,
      onError: (error) => setRowErrors(errorsByRow(error, entries, rowOf)),
    });
  };

  return (
    <>
      <SheetHeader>
        <SheetTitle>{t("flyout.action.inviteUser")}</SheetTitle>
        <SheetDescription>{t("invite.subtitle", { space: space.space_name })}</SheetDescription>
      </SheetHeader>
      <SheetBody>
        <div className="max-w-3xl">
          {detail.isPending || roles.isPending ? (
            <Skeleton className="h-28 w-full" />
          ) : isAdmin ? (
            <InviteForm
              roles={roles.data?.roles ?? []}
              pending={invite.isPending}
              rowErrors={rowErrors}
              onSubmit={submit}
            />
          ) : (
            <EmptyState icon={ShieldXIcon} title={t("invite.denied.title")} description={t("invite.denied.text")} />
          )}
        </div>
      </SheetBody>
    </>
  );
}

/** /accounts/inviteUser: the flyout with the invite form (Admins; others see why not). */
export function InviteUserFlyout() {
  return (
    <FlyoutSheet>
      <InvitePanel />
    </FlyoutSheet>
  );
}

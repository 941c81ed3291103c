import "@/lib/i18n/locales/en-accounts";
import type { AccountRow } from "@contracts/accounts/schema";
import type { ReactNode } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { initialsOf } from "@/lib/i18n/format";
import { cn } from "@/lib/ui/utils";
import { Inactivity, OnlineDot, RoleChips, StatusBadge } from "./columns";

type AccountListProps = {
  rows: AccountRow[];
  loading: boolean;
  skeletonRows: number;
  /** An Admin's row actions (none for one's own account or for other roles). */
  actions?: (row: AccountRow) => ReactNode;
  empty: ReactNode;
};

/** The accounts on a phone: one row each, the name and full e-mail first, then status, role and inactivity. */
export function AccountList({ rows, loading, skeletonRows, actions, empty }: AccountListProps) {
  const { t, lang } = useI18n();
  if (loading && rows.length === 0)
    return (
      <ul className="divide-y" aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={i} className="flex gap-3 px-3 py-3" data-testid="skeleton-row">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-48" />
            </div>
          </li>
        ))}
      </ul>
    );
  if (rows.length === 0) return empty;
  return (
    <ul className="divide-y" aria-label={t("accounts.table.label")}>
      {rows.map((account) => (
        <li
          key={account.account_uuid}
          data-status={account.status}
          className={cn("flex gap-3 px-3 py-3", account.status === "disabled" && "text-muted-foreground opacity-60")}
        >
          <Avatar className="size-9">
            <AvatarFallback className="text-xs">{initialsOf(account.display_name)}</AvatarFallback>
          </Avatar>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="flex items-center gap-2">
              <OnlineDot online={account.online} t={t} />
              <span className="font-medium break-words">{account.display_name || account.email}</span>
            </p>
            <p className="text-[13px] break-all text-muted-foreground">{account.email}</p>
            <div className="flex flex-wrap items-center gap-1.5 text-xs">
              <StatusBadge status={account.status} t={t} />
              <RoleChips account={account} />
              <span className="ml-auto">
                <Inactivity account={account} t={t} lang={lang} />
              </span>
            </div>
          </div>
          {actions && <div className="-mr-1 shrink-0">{actions(account)}</div>}
        </li>
      ))}
    </ul>
  );
}

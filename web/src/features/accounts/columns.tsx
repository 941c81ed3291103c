import "@/lib/i18n/locales/en-accounts";
import type { AccountRow, AccountStatus } from "@contracts/accounts/schema";
import { createColumnHelper, rowSelectionFeature, tableFeatures } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import type { Lang, MessageKey, TFunction } from "@/lib/i18n";
import { formatDateTime, formatTimeAgo } from "@/lib/i18n/datetime";
import { initialsOf } from "@/lib/i18n/format";
import { cn } from "@/lib/ui/utils";

export const accountFeatures = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof accountFeatures, AccountRow>();

export type ColumnContext = {
  t: TFunction;
  lang: Lang;
  /** Rows before this page (the index column counts across pages). */
  offset: number;
  /** Admin row actions; undefined for everyone else (the column is left out). */
  actions?: (row: AccountRow) => ReactNode;
};

export const statusBadge: Record<AccountStatus, { className: string; key: MessageKey }> = {
  active: { className: "bg-success/12 text-success", key: "accounts.status.active" },
  invited: { className: "bg-info/12 text-info", key: "accounts.status.invited" },
  disabled: { className: "bg-muted text-muted-foreground", key: "accounts.status.disabled" },
};

/** Per column: the cell classes (widths, alignment) shared by header, cells and skeleton rows. */
export const columnClass: Record<string, string> = {
  select: "w-9 pr-0",
  index: "w-9 pr-1 text-right text-muted-foreground tabular-nums",
  avatar: "w-11 pr-0",
  email: "max-w-64",
  display_name: "max-w-36",
  invited_on: "whitespace-nowrap tabular-nums",
  status: "w-20",
  role: "w-32",
  inactivity: "whitespace-nowrap",
  actions: "w-10 pl-0 text-right",
};

/** console.md §2.10 columns: index, avatar, Email (online dot), Display Name, Added on, Status, Role, Inactivity. */
export function accountColumns({ t, lang, offset, actions }: ColumnContext) {
  const columns = helper.columns([
    helper.display({
      id: "select",
      header: ({ table }) => (
        <Checkbox
          aria-label={t("accounts.selectPage")}
          checked={
            table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? "indeterminate" : false
          }
          onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t("accounts.selectRow", { email: row.original.email })}
          checked={row.getIsSelected()}
          onCheckedChange={(value) => row.toggleSelected(value === true)}
        />
      ),
    }),
    helper.display({ id: "index", header: "#", cell: ({ row }) => offset + row.index + 1 }),
    helper.display({
      id: "avatar",
      header: () => <span className="sr-only">{t("accounts.col.avatar")}</span>,
      cell: ({ row }) => (
        <Avatar className="size-7">
          <AvatarFallback className="text-[11px]">{initialsOf(row.original.display_name)}</AvatarFallback>
        </Avatar>
      ),
    }),
    helper.accessor("email", {
      id: "email",
      header: () => t("accounts.col.email"),
      cell: ({ row }) => (
        <span className="flex min-w-0 items-center gap-2">
          <OnlineDot online={row.original.online} t={t} />
          <span className="truncate font-medium" title={row.original.email}>
            {row.original.email}
          </span>
        </span>
      ),
    }),
    helper.accessor("display_name", {
      id: "display_name",
      header: () => t("accounts.col.displayName"),
      cell: ({ getValue }) => <span className="block truncate">{getValue() || "—"}</span>,
    }),
    helper.accessor("invited_on", {
      id: "invited_on",
      header: () => t("accounts.col.addedOn"),
      cell: ({ getValue }) => formatDateTime(getValue(), lang),
    }),
    helper.accessor("status", {
      id: "status",
      header: () => t("accounts.col.status"),
      cell: ({ getValue }) => <StatusBadge status={getValue()} t={t} />,
    }),
    helper.display({
      id: "role",
      header: () => t("accounts.col.role"),
      cell: ({ row }) => <RoleChips account={row.original} />,
    }),
    helper.display({
      id: "inactivity",
      header: () => t("accounts.col.inactivity"),
      cell: ({ row }) => <Inactivity account={row.original} t={t} lang={lang} />,
    }),
  ]);
  if (!actions) return columns;
  return helper.columns([
    ...columns,
    helper.display({
      id: "actions",
      header: () => <span className="sr-only">{t("accounts.col.actions")}</span>,
      cell: ({ row }) => actions(row.original),
    }),
  ]);
}

/** The e-mail's online dot: green when online, red when offline (console.md §2.10). */
export function OnlineDot({ online, t }: { online: boolean; t: TFunction }) {
  return (
    <span
      className={cn("size-2 shrink-0 rounded-full", online ? "bg-success" : "bg-destructive")}
      role="img"
      aria-label={online ? t("accounts.online") : t("accounts.offline")}
    />
  );
}

export function StatusBadge({ status, t }: { status: AccountStatus; t: TFunction }) {
  const badge = statusBadge[status];
  return (
    <Badge variant="secondary" className={badge.className}>
      {t(badge.key)}
    </Badge>
  );
}

export function RoleChips({ account }: { account: AccountRow }) {
  return (
    <span className="flex flex-wrap gap-1">
      {account.roles.map((role) => (
        <Badge key={role.uuid} variant="default">
          {role.name}
        </Badge>
      ))}
    </span>
  );
}

/** Inactivity: Online now, or the time since last seen, or never seen. */
export function Inactivity({ account, t, lang }: { account: AccountRow; t: TFunction; lang: Lang }) {
  if (account.online) return <span className="font-medium text-success">{t("accounts.onlineNow")}</span>;
  if (account.last_seen)
    return (
      <span className="text-muted-foreground" title={formatDateTime(account.last_seen, lang)}>
        {formatTimeAgo(account.last_seen, lang)}
      </span>
    );
  return (
    <span className="text-muted-foreground" title={t("accounts.neverSeenHint")}>
      {t("accounts.neverSeen")}
    </span>
  );
}

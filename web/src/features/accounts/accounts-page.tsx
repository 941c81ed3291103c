import "@/lib/i18n/locales/en-access";
import "@/lib/i18n/locales/en-accounts";
import type { AccountRow } from "@contracts/accounts/schema";
import { SEARCH_MAX } from "@contracts/http/text-values";
import { useQuery } from "@tanstack/react-query";
import type { RowSelectionState } from "@tanstack/react-table";
import { DownloadIcon, KeyRoundIcon, ScrollTextIcon, SearchXIcon, UserPlusIcon, UsersIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, Outlet } from "react-router";
import { ShellHeader } from "@/app/shells/shell-header";
import { FilterSheetButton } from "@/components/filter-sheet-button";
import { SearchField } from "@/components/search-field";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ListViewsMenu } from "@/features/saved-views/views-menu";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { usePermissions } from "@/features/space/use-permissions";
import { withChunkTimeout } from "@/lib/api/chunk-load";
import { useI18n } from "@/lib/i18n";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { preloadWhenIdle } from "@/lib/ui/when-idle";
import { AccountList } from "./account-list";
import { AccountsTable } from "./accounts-table";
import { accountColumns } from "./columns";
import { countAccountFilters, FilterPanel } from "./filter-panel";
import { Pagination } from "./pagination";
import { accountQueries } from "./queries";
import { type AccountAction, RowActions } from "./row-actions";
import { SummaryCards } from "./summary-cards";
import { useAccountFilters } from "./use-account-filters";

// The dialogs (Radix's dialog, the forms) and the bulk actions load when first wanted, not with the
// list. A chunk that does not load reaches the page's retry screen.
const chunks = {
  export: () => import("./export-dialog"),
  actions: () => import("./action-dialogs"),
  bulk: () => import("./bulk-actions"),
};
const ExportDialog = lazy(withChunkTimeout(() => chunks.export().then((m) => ({ default: m.ExportDialog }))));
const ActionDialogs = lazy(withChunkTimeout(() => chunks.actions().then((m) => ({ default: m.ActionDialogs }))));
const AccountBulkActions = lazy(withChunkTimeout(() => chunks.bulk().then((m) => ({ default: m.AccountBulkActions }))));

/** /accounts (console.md §2.10): summary cards, filters, search, the table; /accounts/inviteUser opens the flyout. */
export function AccountsPage() {
  const { t, lang } = useI18n();
  const { space } = useCurrentSpace();
  const spaceUuid = space.space_uuid;
  const { isAdmin } = usePermissions();
  // The dialogs' code, asked for when the browser is idle after the first input, so the first one opens at once.
  useEffect(
    () => preloadWhenIdle(isAdmin ? [chunks.export, chunks.actions, chunks.bulk] : [chunks.export], 4000),
    [isAdmin],
  );
  const narrow = useMediaQuery(PHONE_QUERY);
  const roles = useQuery(spaceQueries.roles(spaceUuid)).data?.roles ?? [];
  const filters = useAccountFilters();
  const list = useQuery(accountQueries.list(spaceUuid, filters.applied));
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [action, setAction] = useState<AccountAction | null>(null);
  const [exporting, setExporting] = useState(false);
  // Mounted from their first opening on, so that closing keeps its animation.
  const [exportWanted, setExportWanted] = useState(false);
  const [actionWanted, setActionWanted] = useState(false);
  if (exporting && !exportWanted) setExportWanted(true);
  if (action && !actionWanted) setActionWanted(true);

  const { page, page_size } = filters.applied;
  const rowActions = useMemo(
    () =>
      isAdmin
        ? (account: AccountRow) =>
            account.account_uuid === space.account_uuid ? null : <RowActions account={account} onAction={setAction} />
        : undefined,
    [isAdmin, space.account_uuid],
  );
  const columns = useMemo(
    () => accountColumns({ t, lang, offset: (page - 1) * page_size, actions: rowActions }),
    [t, lang, page, page_size, rowActions],
  );
  const rows = useMemo(() => withSelfOnline(list.data?.accounts ?? noRows, space.account_uuid), [list.data, space]);
  const selected = Object.keys(selection).length;
  // Beside the table from tablets up, in the Filters sheet on phones.
  const filterProps = {
    choice: filters.choice,
    roles,
    onChange: filters.setChoice,
    onClear: filters.clear,
    active: filters.active,
  };
  const empty = filters.active ? (
    <EmptyState
      icon={SearchXIcon}
      title={t("accounts.noMatch.title")}
      description={t("accounts.noMatch.text")}
      action={
        <Button variant="outline" size="sm" onClick={filters.clear}>
          {t("accounts.filter.clear")}
        </Button>
      }
    />
  ) : (
    <EmptyState icon={UsersIcon} title={t("accounts.empty.title")} description={t("accounts.empty.text")} />
  );

  return (
    <div className="flex h-full flex-col">
      <ShellHeader
        crumbs={[space.space_name, t("nav.accounts")]}
        actions={
          isAdmin && (
            <>
              <Button asChild variant="outline" size="sm">
                <Link to="/accounts/audit">
                  <ScrollTextIcon aria-hidden="true" />
                  {t("audit.title")}
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to="/access">
                  <KeyRoundIcon aria-hidden="true" />
                  {t("access.open")}
                </Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/accounts/inviteUser">
                  <UserPlusIcon aria-hidden="true" />
                  {t("accounts.invite")}
                </Link>
              </Button>
            </>
          )
        }
      />
      <div className="min-h-0 flex-1 overflow-y-auto border-t">
        <div className="flex flex-col gap-4 p-4 md:p-6">
          <SummaryCards summary={list.data?.summary} />
          <div className="flex items-start gap-4">
            {!narrow && (
              <div className="w-44 shrink-0">
                <FilterPanel {...filterProps} />
              </div>
            )}
            <section
              aria-label={t("accounts.table.label")}
              className="min-w-0 flex-1 overflow-hidden rounded-lg border bg-card shadow-xs"
            >
              <div className="flex flex-wrap items-center gap-3 border-b px-2.5 py-2.5">
                <SearchField
                  className={narrow ? "min-w-0 flex-1" : "w-full max-w-xs"}
                  inputClassName="h-8"
                  maxLength={SEARCH_MAX}
                  label={t("accounts.search")}
                  listSearch
                  value={filters.search}
                  onChange={filters.setSearch}
                />
                {narrow && (
                  <FilterSheetButton
                    active={countAccountFilters(filters.choice)}
                    onClear={filters.clear}
                    clearLabel={t("accounts.filter.clear")}
                  >
                    <FilterPanel {...filterProps} bare />
                  </FilterSheetButton>
                )}
                <ListViewsMenu list="accounts" compact />
                <span className="text-xs text-muted-foreground" aria-live="polite">
                  {selected > 0 && t("accounts.selected", { count: selected })}
                </span>
                {isAdmin && selected > 0 && !narrow && (
                  <Suspense fallback={null}>
                    <AccountBulkActions
                      space={spaceUuid}
                      roles={roles}
                      rows={rows.filter((row) => selection[row.account_uuid])}
                      onDone={() => setSelection({})}
                    />
                  </Suspense>
                )}
                <Button variant="outline" size="sm" className="ml-auto" onClick={() => setExporting(true)}>
                  <DownloadIcon aria-hidden="true" />
                  {t("export.open")}
                </Button>
              </div>
              {narrow ? (
                <AccountList
                  rows={rows}
                  loading={list.isPending}
                  skeletonRows={page_size}
                  actions={rowActions}
                  empty={empty}
                />
              ) : (
                <AccountsTable
                  rows={rows}
                  columns={columns}
                  loading={list.isPending}
                  skeletonRows={page_size}
                  selection={selection}
                  onSelectionChange={setSelection}
                  empty={empty}
                />
              )}
              {list.isError && (
                <p role="alert" className="border-t px-3 py-2 text-sm text-destructive">
                  {t("accounts.loadFailed")}
                </p>
              )}
              {list.data && list.data.objects_count > 0 && (
                <Pagination
                  page={page}
                  pages={list.data.pages_count}
                  pageSize={page_size}
                  total={list.data.objects_count}
                  onPage={filters.setPage}
                  onPageSize={filters.setPageSize}
                />
              )}
            </section>
          </div>
        </div>
      </div>
      <Suspense fallback={null}>
        {exportWanted && (
          <ExportDialog open={exporting} onOpenChange={setExporting} space={spaceUuid} filters={filters.applied} />
        )}
        {isAdmin && actionWanted && (
          <ActionDialogs space={spaceUuid} roles={roles} action={action} onDone={() => setAction(null)} />
        )}
      </Suspense>
      <Outlet />
    </div>
  );
}

const noRows: never[] = [];

/** The signed-in user is online (this page is proof) even before the presence report reaches the list. */
function withSelfOnline(rows: AccountRow[], self: string): AccountRow[] {
  return rows.map((row) => (row.account_uuid === self && !row.online ? { ...row, online: true } : row));
}

import "@/lib/i18n/locales/en-admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { AppWindowIcon, CpuIcon, PlusIcon } from "lucide-react";
import { useCallback, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ListStates, NoItems, RowSkeletons, SKELETONS } from "@/components/list-states";
import { SearchBar } from "@/components/list-toolbar";
import { Button } from "@/components/ui/button";
import { columnHelper, DataTable } from "@/components/ui/data-table";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentSpace } from "@/features/session/current-space";
import { type TFunction, useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useLoadMoreOnScroll } from "@/lib/ui/use-scroll-end";
import type { AdminKind, AdminRow } from "./kinds";
import { adminQueries } from "./queries";

const col = columnHelper<AdminRow>();

/** The list's columns; the name is a link, so a row opens from the keyboard too. */
const columnsOf = (kind: AdminKind, t: TFunction, lang: ReturnType<typeof useI18n>["lang"]) =>
  col.columns([
    col.accessor("name", {
      header: t("admin.col.name"),
      cell: (info) => (
        <Link
          to={`${kind.base}/${info.row.original.key}`}
          className="truncate font-medium outline-none hover:underline focus-visible:underline focus-visible:ring-2 focus-visible:ring-ring"
          onClick={(event) => event.stopPropagation()}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    col.accessor("key", {
      header: t(kind.kind === "application" ? "admin.col.id" : "admin.col.uuid"),
      meta: {
        className: kind.kind === "application" ? "w-20 tabular-nums" : "hidden w-80 font-mono text-xs md:table-cell",
      },
    }),
    ...(kind.kind === "application"
      ? [
          col.accessor("displays_count", {
            header: t("admin.col.displays"),
            meta: { className: "hidden w-28 text-right tabular-nums sm:table-cell" },
            cell: (info) => info.getValue() ?? 0,
          }),
        ]
      : []),
    col.accessor("updated_at", {
      header: t("admin.col.updated"),
      meta: { className: "hidden w-48 text-muted-foreground lg:table-cell" },
      cell: (info) => formatDateTime(info.getValue(), lang),
    }),
  ]);

function TableSkeleton() {
  const { t } = useI18n();
  return (
    <div role="status" aria-label={t("common.loading")} className="flex flex-col gap-2 pt-9">
      {SKELETONS.map((key) => (
        <Skeleton key={key} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** /applications and /runners (console.md §2.12): searched by name, 35 a page, rows open the record. */
export function AdminListPage({ kind }: { kind: AdminKind }) {
  const { t, lang } = useI18n();
  const { user } = useCurrentSpace();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim(), 400);
  const list = useInfiniteQuery(adminQueries.list(kind, query));
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const columns = useMemo(() => columnsOf(kind, t, lang), [kind, t, lang]);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // The table's virtualizer reads the scroller in its layout effect, which runs before this
  // element's ref is set when both mount together (cached rows): render once more once it is.
  const [, setScroller] = useState<HTMLDivElement | null>(null);
  const attachScroller = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setScroller(element);
  }, []);
  useLoadMoreOnScroll(scrollRef, list, rows.length);
  const total = list.data?.pages[0]?.objects_count;

  return (
    <div ref={attachScroller} className="h-full overflow-y-auto">
      <SearchBar
        className="px-4 sm:px-6"
        fieldClassName="w-full sm:w-72"
        search={{ value: search, onChange: setSearch, label: t(kind.text.search) }}
        count={total === undefined ? undefined : t("admin.count", { count: total })}
      >
        {kind.canSave(user) && (
          <Button asChild size="sm" className="ml-1">
            <Link to={`${kind.base}/add`}>
              <PlusIcon aria-hidden="true" />
              {t(kind.text.add)}
            </Link>
          </Button>
        )}
      </SearchBar>
      <div className="px-4 pt-2 pb-16 sm:px-6">
        <ListStates
          list={list}
          count={rows.length}
          skeleton={<TableSkeleton />}
          failedTitle={t(kind.text.loadFailed)}
          empty={
            <div className="pt-4">
              <NoItems
                filtered={Boolean(query)}
                onReset={() => setSearch("")}
                clearLabel={t("admin.clearSearch")}
                icon={kind.kind === "application" ? AppWindowIcon : CpuIcon}
                empty={{ title: t(kind.text.emptyTitle), text: t(kind.text.emptyText) }}
                noMatch={{ title: t("admin.noMatch.title"), text: t("admin.noMatch.text", { search: query }) }}
              />
            </div>
          }
        >
          <DataTable<AdminRow>
            columns={columns}
            data={rows}
            getRowId={(row) => row.key}
            scrollRef={scrollRef}
            label={t(kind.text.list)}
            onRowClick={(row) => navigate(`${kind.base}/${row.key}`)}
            footer={list.isFetchingNextPage && <RowSkeletons columns={columns.length} />}
          />
        </ListStates>
      </div>
    </div>
  );
}

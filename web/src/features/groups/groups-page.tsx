import "@/lib/i18n/locales/en-assets";
import { routePath } from "@contracts/http/path";
import { exportLocationGroups } from "@contracts/location-groups/routes";
import { useInfiniteQuery } from "@tanstack/react-query";
import { DownloadIcon, Layers3Icon } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Outlet } from "react-router";
import { FormDialog } from "@/components/form-dialog";
import { CardsSkeleton, ListStates, MoreCardSkeletons, NoItems } from "@/components/list-states";
import { SearchBar } from "@/components/list-toolbar";
import { SortCombobox } from "@/components/sort-combobox";
import { Button } from "@/components/ui/button";
import { ListViewsMenu } from "@/features/saved-views/views-menu";
import { useCurrentSpace } from "@/features/session/current-space";
import { apiDownload } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useLoadMoreOnScroll } from "@/lib/ui/use-scroll-end";
import { GroupCard, GroupCardSkeleton } from "./group-card";
import { GROUP_SORTS, groupSort } from "./group-filters";
import { type GroupFilters, groupQueries } from "./queries";
import { useGroupFilters } from "./use-group-filters";

const grid = "grid grid-cols-[repeat(auto-fill,minmax(280px,1fr))] gap-3";

/** /groups: the space's location groups as cards, searched and sorted, loaded page by page. */
export function GroupsPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const { search, setSearch, ordering, setOrdering } = useGroupFilters();
  const filters = useDebouncedValue(
    useMemo(() => ({ ordering, ...(search.trim() ? { search: search.trim() } : {}) }), [ordering, search]),
    500,
  );
  const list = useInfiniteQuery(groupQueries.list(space.space_uuid, filters));
  const groups = useMemo(() => list.data?.pages.flatMap((page) => page.location_groups) ?? [], [list.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  useLoadMoreOnScroll(scrollRef, list, groups.length);
  const total = list.data?.pages[0]?.objects_count;

  return (
    <div ref={scrollRef} className="h-full overflow-y-auto">
      <SearchBar
        search={{ value: search, onChange: setSearch, label: t("groups.search") }}
        count={total === undefined ? undefined : t("groups.count", { count: total })}
      >
        <SortCombobox
          label={t("groups.sort.label")}
          value={ordering}
          options={GROUP_SORTS}
          onChange={(value) => setOrdering(groupSort(value))}
          className="w-56"
        />
        <ListViewsMenu list="location_groups" />
        <ExportGroups space={space.space_uuid} filters={filters} />
      </SearchBar>
      <div className="px-6 pt-4 pb-24">
        <ListStates
          list={list}
          count={groups.length}
          skeleton={<CardsSkeleton card={GroupCardSkeleton} className={grid} />}
          failedTitle={t("groups.loadFailed")}
          empty={
            <NoItems
              filtered={Boolean(filters.search)}
              icon={Layers3Icon}
              empty={{ title: t("groups.empty.title"), text: t("groups.empty.text") }}
              noMatch={{ title: t("groups.noMatch.title"), text: t("groups.noMatch.text") }}
            />
          }
        >
          <ul className={grid} aria-label={t("assets.groups")}>
            {groups.map((group) => (
              <li key={group.uuid}>
                <GroupCard group={group} space={space.space_uuid} />
              </li>
            ))}
            {list.isFetchingNextPage && <MoreCardSkeletons card={GroupCardSkeleton} />}
          </ul>
        </ListStates>
      </div>
      <Outlet />
    </div>
  );
}

/**
 * console.md §7.4 GET …/location-group/items/export/?{query}: the groups of the current search
 * and sort as location_groups_export.csv, after a confirmation.
 */
function ExportGroups({ space, filters }: { space: string; filters: GroupFilters }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await apiDownload(routePath(exportLocationGroups, { space }), {
        query: filters,
        filename: "location_groups_export.csv",
      });
      setConfirming(false);
    } catch (error) {
      console.error(error);
      showAlert({ type: "error", message: t("groups.exportFailed") });
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <DownloadIcon aria-hidden="true" />
        {t("groups.export")}
      </Button>
      <FormDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("groups.export.title")}
        description={t("groups.export.text")}
        cancelLabel={t("common.cancel")}
        label={t("groups.export")}
        icon={<DownloadIcon aria-hidden="true" />}
        pending={exporting}
        onConfirm={() => void run()}
      />
    </>
  );
}

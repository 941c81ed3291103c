import { SEARCH_MAX } from "@contracts/http/text-values";
import { XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { FilterSheetButton } from "@/components/filter-sheet-button";
import { SearchField } from "@/components/search-field";
import { SortCombobox, type SortProps } from "@/components/sort-combobox";
import { Button } from "@/components/ui/button";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { cn } from "@/lib/ui/utils";

type ListToolbarProps<S extends string> = {
  /** Accessible name of the filter panel. */
  label: string;
  /** `className`: the field's width from 768 px on (default w-56). */
  search: { value: string; onChange: (value: string) => void; label: string; placeholder: string; className?: string };
  /** The list's filters (comboboxes); on phones they move into a sheet. */
  children: ReactNode;
  /** Filters are set: show Clear. */
  filtered: boolean;
  /** How many of the filters (not the search) are set: the count on the phone's Filters button. */
  activeFilters: number;
  onReset: () => void;
  clearLabel: string;
  /** "N devices" once the first page is in. */
  count?: { text: string; testId?: string };
  sort: SortProps<S>;
  /** Buttons after the sort (e.g. Export). */
  actions?: ReactNode;
};

/**
 * The filter panel above a card/row list: search, filters, Clear, count and sort. Below 768 px:
 * the search and a Filters button (the filters in a sheet), then the count and sort.
 */
export function ListToolbar<S extends string>(props: ListToolbarProps<S>) {
  const { label, search, children, filtered, activeFilters, onReset, clearLabel, count, sort, actions } = props;
  const narrow = useMediaQuery(PHONE_QUERY);
  const searchField = (
    <SearchField
      className={narrow ? "min-w-0 flex-1" : (search.className ?? "w-56")}
      maxLength={SEARCH_MAX}
      label={search.label}
      placeholder={search.placeholder}
      title={search.label}
      listSearch
      value={search.value}
      onChange={search.onChange}
    />
  );
  const countText = count && (
    <span
      className="text-xs whitespace-nowrap text-muted-foreground tabular-nums"
      aria-live="polite"
      data-testid={count.testId}
    >
      {count.text}
    </span>
  );
  if (narrow)
    return (
      <search className="flex flex-col gap-2" aria-label={label}>
        <div className="flex items-center gap-2">
          {searchField}
          <FilterSheetButton active={activeFilters} onClear={onReset} clearLabel={clearLabel}>
            {children}
          </FilterSheetButton>
        </div>
        <div className="flex items-center gap-2">
          <span className="mr-auto">{countText}</span>
          <SortCombobox {...sort} className="w-auto max-w-52 min-w-0" />
          {actions}
        </div>
      </search>
    );
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label={label}>
      {searchField}
      {children}
      {filtered && (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <XIcon aria-hidden="true" />
          {clearLabel}
        </Button>
      )}
      <div className="ml-auto flex items-center gap-2">
        {countText}
        <SortCombobox {...sort} />
        {actions}
      </div>
    </search>
  );
}

type SearchBarProps = {
  search: { value: string; onChange: (value: string) => void; label: string };
  /** "N groups" once the first page is in. */
  count?: string;
  /** Controls after the count (sort, Add …). */
  children?: ReactNode;
  /** Classes of the bar (its padding) and of the search box (its width). */
  className?: string;
  fieldClassName?: string;
};

/** The bar stuck to the top of a searched list: the search box, then the count and the list's controls. */
export function SearchBar({ search, count, children, className, fieldClassName = "w-72" }: SearchBarProps) {
  return (
    <search
      className={cn("sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b bg-background px-6 py-3", className)}
    >
      <SearchField
        className={fieldClassName}
        maxLength={SEARCH_MAX}
        label={search.label}
        listSearch
        value={search.value}
        onChange={search.onChange}
      />
      <div className="ml-auto flex items-center gap-2">
        {count !== undefined && <span className="text-xs text-muted-foreground tabular-nums">{count}</span>}
        {children}
      </div>
    </search>
  );
}

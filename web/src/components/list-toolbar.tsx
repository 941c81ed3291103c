import { SEARCH_MAX } from "@contracts/text";
import { XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { SearchField } from "@/components/search-field";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";

type ListToolbarProps<S extends string> = {
  /** Accessible name of the filter panel. */
  label: string;
  search: { value: string; onChange: (value: string) => void; label: string; placeholder: string };
  /** The list's filters (comboboxes). */
  children: ReactNode;
  /** Filters are set: show Clear. */
  filtered: boolean;
  onReset: () => void;
  clearLabel: string;
  /** "N devices" once the first page is in. */
  count?: { text: string; testId?: string };
  sort: {
    label: string;
    value: S;
    options: ReadonlyArray<{ value: S; label: MessageKey }>;
    onChange: (value: S) => void;
    className?: string;
  };
  /** Buttons after the sort (e.g. Export). */
  actions?: ReactNode;
};

/** The filter panel above a card/row list: search, filters, Clear, count and sort. */
export function ListToolbar<S extends string>(props: ListToolbarProps<S>) {
  const { label, search, children, filtered, onReset, clearLabel, count, sort, actions } = props;
  const t = useT();
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label={label}>
      <SearchField
        className="w-56"
        maxLength={SEARCH_MAX}
        label={search.label}
        placeholder={search.placeholder}
        title={search.label}
        value={search.value}
        onChange={search.onChange}
      />
      {children}
      {filtered && (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <XIcon aria-hidden="true" />
          {clearLabel}
        </Button>
      )}
      <div className="ml-auto flex items-center gap-2">
        {count && (
          <span className="text-xs text-muted-foreground tabular-nums" aria-live="polite" data-testid={count.testId}>
            {count.text}
          </span>
        )}
        <Select
          value={sort.value}
          onValueChange={(value) => sort.onChange(sort.options.find((o) => o.value === value)?.value ?? sort.value)}
        >
          <SelectTrigger aria-label={sort.label} className={sort.className ?? "w-52"}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent align="end">
            {sort.options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {t(option.label)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
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
      className={cn(
        "sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b bg-background/95 px-6 py-3 backdrop-blur",
        className,
      )}
    >
      <SearchField
        className={fieldClassName}
        maxLength={SEARCH_MAX}
        label={search.label}
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

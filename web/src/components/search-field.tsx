import { SearchIcon } from "lucide-react";
import { type ComponentProps, useEffect, useRef } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

type SearchFieldProps = Omit<ComponentProps<"input">, "type" | "value" | "onChange" | "className"> & {
  value: string;
  onChange: (value: string) => void;
  /** The field's accessible name; also its placeholder unless one is given. */
  label: string;
  /** Classes of the wrapper (its width in the toolbar). */
  className?: string;
  inputClassName?: string;
  /** The search of the page's list (issue 18): `/` focuses it, the command palette can fill it. */
  listSearch?: boolean;
};

/** A search box with the magnifier inside, as every list and picker shows it. */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  className,
  inputClassName,
  listSearch = false,
  ...input
}: SearchFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    const element = ref.current;
    if (!listSearch || !element) return;
    return registerListSearch({ input: element, set: (next) => change.current(next) });
  }, [listSearch]);
  return (
    <div className={cn("relative", className)}>
      <SearchIcon
        className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        ref={ref}
        type="search"
        aria-label={label}
        placeholder={placeholder ?? label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn("pl-8", inputClassName)}
        {...input}
      />
    </div>
  );
}

/*
 * The list searches on screen (issue 18 item 5). A page can hold more than one list (a flyout over
 * its page): the one to use is shown and not behind a modal (Radix hides the rest with aria-hidden).
 */
type ListSearch = { input: HTMLInputElement; set: (value: string) => void };
const listSearches = new Set<ListSearch>();
/** A fill for a page being opened; forgotten after FILL_WAIT_MS (the page never came). */
let pendingFill: { path: string; value: string; until: number } | null = null;
const FILL_WAIT_MS = 10_000;

function registerListSearch(search: ListSearch) {
  listSearches.add(search);
  if (pendingFill && pendingFill.until > Date.now() && window.location.pathname === pendingFill.path) {
    const { value } = pendingFill;
    pendingFill = null;
    search.set(value);
  }
  return () => {
    listSearches.delete(search);
  };
}

function usableListSearch(): ListSearch | null {
  for (const search of [...listSearches].reverse()) {
    const { input } = search;
    if (!input.isConnected || input.disabled || input.getClientRects().length === 0) continue;
    if (input.closest("[aria-hidden='true'], [inert]")) continue;
    return search;
  }
  return null;
}

/** `/`: focuses (and selects) the shown list's search; false when the page has none. */
export function focusListSearch(): boolean {
  const search = usableListSearch();
  if (!search) return false;
  search.input.focus();
  search.input.select();
  return true;
}

/**
 * Puts `value` into the list search of the page at `path`: at once when it is shown, else when
 * that page's list search appears (the caller navigates there).
 */
export function fillListSearch(path: string, value: string) {
  const search = window.location.pathname === path ? usableListSearch() : null;
  if (search) {
    search.set(value);
    return;
  }
  pendingFill = { path, value, until: Date.now() + FILL_WAIT_MS };
}

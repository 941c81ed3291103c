import { CheckIcon, PlusIcon, SearchIcon } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { cn } from "@/lib/ui/utils";

export type ComboOption = { value: string; label: string; hint?: string };

export type CreateOption = {
  label: (query: string) => string;
  onCreate: (query: string) => void;
  /** The longest name that can be created; the search shows a counter. */
  maxLength: number;
};

export type OptionListProps = {
  options: readonly ComboOption[];
  isSelected: (value: string) => boolean;
  onPick: (value: string) => void;
  searchLabel: string;
  emptyText: string;
  multiple?: boolean;
  create?: CreateOption;
  /**
   * The search runs on the server: each change of the search text is handed over, and `options`
   * are its answer (already matching), so they are not filtered again here.
   */
  onQueryChange?: (query: string) => void;
  /** The server's answer to the current text is still on its way. */
  loading?: boolean;
  /** Said below the options when the server has more than it sent ("Type to narrow…"). */
  moreText?: string;
};

const matches = (option: ComboOption, needle: string) =>
  !needle || `${option.label} ${option.hint ?? ""}`.toLowerCase().includes(needle);

/**
 * A search box over a listbox (inside a popover): typing filters, arrows move, Enter picks,
 * Esc closes the popover. Focus stays in the search box (aria-activedescendant).
 */
export function OptionList({
  options,
  isSelected,
  onPick,
  searchLabel,
  emptyText,
  multiple,
  create,
  onQueryChange,
  loading,
  moreText,
}: OptionListProps) {
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const needle = query.trim().toLowerCase();
  const remote = onQueryChange !== undefined;
  // A server's answer is shown as it is; while the answer to the current text is on its way, the
  // last one is filtered here, so what was typed is already under Enter.
  const shown = useMemo(
    () => (remote && !loading ? options : options.filter((o) => matches(o, needle))),
    [options, needle, remote, loading],
  );
  const [pendingEnter, setPendingEnter] = useState(false);
  const canCreate = Boolean(create && needle && !options.some((o) => o.label.toLowerCase() === needle));
  const rowCount = shown.length + (canCreate ? 1 : 0);
  const activeIndex = Math.min(active, Math.max(rowCount - 1, 0));

  // A list opens with an empty search box: a server search starts over from the first answer.
  const startedWith = useRef(onQueryChange);
  useEffect(() => startedWith.current?.(""), []);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: "nearest" });
  }, [activeIndex]);

  const pickRow = (index: number) => {
    const option = shown[index];
    if (option) onPick(option.value);
    else if (canCreate && create) {
      create.onCreate(query.trim());
      setQuery("");
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      Home: 0,
      End: rowCount - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.max(0, Math.min(rowCount - 1, moves[event.key] ?? 0)));
    } else if (event.key === "Enter") {
      event.preventDefault(); // never submits the surrounding form
      if (rowCount > 0) pickRow(activeIndex);
      // Nothing typed matches the last answer yet: pick the first of the server's answer when it comes.
      else if (remote && loading) setPendingEnter(true);
    }
  };

  useEffect(() => {
    if (!pendingEnter || loading) return;
    setPendingEnter(false);
    const first = shown[0];
    if (first) onPick(first.value);
  }, [pendingEnter, loading, shown, onPick]);

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className="flex flex-col">
      <div className="flex items-center gap-2 border-b px-2.5">
        <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <input
          role="combobox"
          aria-label={searchLabel}
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={rowCount > 0 ? optionId(activeIndex) : undefined}
          placeholder={searchLabel}
          value={query}
          maxLength={create?.maxLength}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            onQueryChange?.(event.target.value);
          }}
          onKeyDown={onKeyDown}
          className="h-9 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
        {create && (
          <span className="text-xs tabular-nums text-muted-foreground">
            {query.length}/{create.maxLength}
          </span>
        )}
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={searchLabel}
        aria-multiselectable={multiple || undefined}
        className="max-h-64 overflow-y-auto p-1"
      >
        {shown.map((option, index) => (
          // Keys are handled by the search box (aria-activedescendant), as the combobox pattern wants.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={option.value}
            tabIndex={-1}
            id={optionId(index)}
            data-index={index}
            role="option"
            aria-selected={isSelected(option.value)}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => pickRow(index)}
            className={cn(
              "flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm select-none",
              index === activeIndex && "bg-accent text-accent-foreground",
            )}
          >
            <CheckIcon
              className={cn("size-4 shrink-0 text-primary", !isSelected(option.value) && "invisible")}
              aria-hidden="true"
            />
            <span className="min-w-0 flex-1 truncate">{option.label}</span>
            {option.hint && <span className="max-w-[55%] truncate text-xs text-muted-foreground">{option.hint}</span>}
          </div>
        ))}
        {canCreate && create && (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the search box
          <div
            tabIndex={-1}
            id={optionId(shown.length)}
            data-index={shown.length}
            role="option"
            aria-selected={false}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(shown.length)}
            onClick={() => pickRow(shown.length)}
            className={cn(
              "flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm text-primary select-none",
              activeIndex === shown.length && "bg-accent",
            )}
          >
            <PlusIcon className="size-4 shrink-0" aria-hidden="true" />
            {create.label(query.trim())}
          </div>
        )}
        {rowCount === 0 && !loading && (
          <p className="px-2 py-3 text-center text-sm text-muted-foreground">{emptyText}</p>
        )}
        {loading && rowCount === 0 && (
          <div className="flex flex-col gap-1 p-1" aria-hidden="true">
            <div className="h-6 animate-pulse rounded bg-muted" />
            <div className="h-6 w-3/4 animate-pulse rounded bg-muted" />
          </div>
        )}
        {moreText && rowCount > 0 && <p className="px-2 py-1.5 text-xs text-muted-foreground">{moreText}</p>}
      </div>
    </div>
  );
}

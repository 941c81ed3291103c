import { ChevronsUpDownIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { LazyMenu } from "@/components/lazy-menu";
import { cn } from "@/lib/ui/utils";
import type { ComboboxListProps } from "./combobox-list";
import type { ComboOption } from "./option-list";

type ComboboxProps = {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboOption[];
  placeholder: string;
  searchLabel: string;
  emptyText: string;
  disabled?: boolean;
  className?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-label"?: string;
  /** Which edge of the trigger the list lines up with (start unless told; a sort at a toolbar's end: "end"). */
  align?: "start" | "end";
  /** Search on the server (see OptionList): the options are its answer to the text. */
  onQueryChange?: (query: string) => void;
  loading?: boolean;
  moreText?: string;
  /** The chosen value's name when it is not among the options (an answer to another search). */
  labelOf?: (value: string) => string | undefined;
};

/** The list's popover (Radix's popover and floating-ui): not in a page's first load. */
const loadList = () => import("./combobox-list");

type ComboboxButtonProps = Omit<ComponentProps<"button">, "children"> & {
  /** What the button shows: the choice, or the placeholder (muted) while nothing is chosen. */
  text: string;
  chosen: boolean;
  list: ComboboxListProps;
};

/**
 * A combobox's button and its searchable list (the single and the multiple choice): the button
 * renders at once; the list's code loads after the first render (LazyMenu). The list's trigger
 * state (aria-expanded) is Radix's once it is here.
 */
export function ComboboxButton({ text, chosen, list, className, ...button }: ComboboxButtonProps) {
  return (
    <LazyMenu
      load={loadList}
      props={list}
      trigger={
        <button
          type="button"
          // biome-ignore lint/a11y/useAriaPropsForRole: aria-expanded is LazyMenu's (false) until the list is here, then Radix's trigger's
          role="combobox"
          aria-haspopup="listbox"
          {...button}
          className={cn(
            "flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
            className,
          )}
        >
          <span className={cn("truncate", !chosen && "text-muted-foreground")}>{text}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
      }
    />
  );
}

/** A searchable single choice (countries, timezones, filters, a list's sort): a button that opens an OptionList. */
export function Combobox({
  value,
  onChange,
  options,
  placeholder,
  searchLabel,
  emptyText,
  align,
  onQueryChange,
  loading,
  moreText,
  labelOf,
  ...button
}: ComboboxProps) {
  const selected = options.find((option) => option.value === value);
  const label = selected?.label ?? (value ? labelOf?.(value) : undefined);
  return (
    <ComboboxButton
      {...button}
      text={label ?? placeholder}
      chosen={label !== undefined}
      list={{
        options,
        isSelected: (v) => v === value,
        onPick: (v) => {
          onChange(v);
          return true;
        },
        searchLabel,
        emptyText,
        align,
        onQueryChange,
        loading,
        moreText,
      }}
    />
  );
}

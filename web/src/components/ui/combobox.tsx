import { ChevronsUpDownIcon } from "lucide-react";
import { LazyMenu } from "@/components/lazy-menu";
import { cn } from "@/lib/utils";
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
};

/** The list's popover (Radix's popover and floating-ui): not in a page's first load (issue 19). */
const loadList = () => import("./combobox-list");

/** A combobox trigger's look (the single and the multiple choice). */
export const comboboxTriggerClass = cn(
  "flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-sm shadow-xs outline-none",
  "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
);

/**
 * A searchable single choice (countries, timezones, filters, a list's sort): a button that opens an
 * OptionList. The button renders at once; the list's code loads after the first render (LazyMenu).
 */
export function Combobox({
  value,
  onChange,
  options,
  placeholder,
  searchLabel,
  emptyText,
  className,
  align,
  ...trigger
}: ComboboxProps) {
  const selected = options.find((option) => option.value === value);
  return (
    <LazyMenu
      load={loadList}
      props={{ value, onChange, options, searchLabel, emptyText, align }}
      trigger={
        <button
          type="button"
          role="combobox"
          aria-expanded={false}
          aria-haspopup="listbox"
          {...trigger}
          className={cn(comboboxTriggerClass, className)}
        >
          <span className={cn("truncate", !selected && "text-muted-foreground")}>{selected?.label ?? placeholder}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
      }
    />
  );
}

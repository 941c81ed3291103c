import { ChevronsUpDownIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";
import { type ComboOption, OptionList } from "./option-list";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

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

/** A searchable single choice (countries, timezones, filters, a list's sort): a button that opens an OptionList. */
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
  const [open, setOpen] = useState(false);
  const selected = options.find((option) => option.value === value);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          {...trigger}
          className={cn(
            "flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
            className,
          )}
        >
          <span className={cn("truncate", !selected && "text-muted-foreground")}>{selected?.label ?? placeholder}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent align={align} className="w-[max(var(--radix-popover-trigger-width),16rem)] p-0">
        <OptionList
          options={options}
          isSelected={(v) => v === value}
          onPick={(v) => {
            onChange(v);
            setOpen(false);
          }}
          searchLabel={searchLabel}
          emptyText={emptyText}
        />
      </PopoverContent>
    </Popover>
  );
}

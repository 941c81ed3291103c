import { cloneElement, type ReactElement, useState } from "react";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { type ComboOption, OptionList } from "./option-list";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

export type ComboboxListProps = {
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboOption[];
  searchLabel: string;
  emptyText: string;
  align?: "start" | "end";
};

/** Combobox's popover around its trigger (loaded by LazyMenu): picking a value closes it. */
export default function ComboboxList({
  trigger,
  defaultOpen,
  value,
  onChange,
  options,
  searchLabel,
  emptyText,
  align,
}: ComboboxListProps & LazyMenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        {cloneElement(trigger as ReactElement<{ "aria-expanded"?: boolean }>, { "aria-expanded": open })}
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

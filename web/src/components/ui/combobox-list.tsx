import { useState } from "react";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { OptionList, type OptionListProps } from "./option-list";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

export type ComboboxListProps = Omit<OptionListProps, "onPick" | "create"> & {
  /** A value was picked; true closes the list. */
  onPick: (value: string) => boolean;
  align?: "start" | "end";
};

/** A combobox's popover around its trigger (loaded by LazyMenu): an OptionList, closed when a pick says so. */
export default function ComboboxList({
  trigger,
  defaultOpen,
  onPick,
  align,
  ...list
}: ComboboxListProps & LazyMenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align={align} className="w-[max(var(--radix-popover-trigger-width),16rem)] p-0">
        <OptionList {...list} onPick={(value) => onPick(value) && setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}

import { cloneElement, type ReactElement, useState } from "react";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { type ComboOption, OptionList } from "@/components/ui/option-list";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { useT } from "@/lib/i18n";

export type MultiFilterListProps = {
  values: readonly string[];
  onChange: (values: string[]) => void;
  options: readonly ComboOption[];
};

/** MultiFilterCombobox's popover (loaded by LazyMenu): ticking keeps it open, "All …" clears and closes. */
export default function MultiFilterList({
  trigger,
  defaultOpen,
  values,
  onChange,
  options,
}: MultiFilterListProps & LazyMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(defaultOpen);
  const pick = (value: string) => {
    if (value === "") {
      onChange([]);
      setOpen(false);
    } else onChange(values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        {cloneElement(trigger as ReactElement<{ "aria-expanded"?: boolean }>, { "aria-expanded": open })}
      </PopoverTrigger>
      <PopoverContent className="w-[max(var(--radix-popover-trigger-width),16rem)] p-0">
        <OptionList
          multiple
          options={options}
          isSelected={(v) => (v === "" ? values.length === 0 : values.includes(v))}
          onPick={pick}
          searchLabel={t("common.search")}
          emptyText={t("common.noMatches")}
        />
      </PopoverContent>
    </Popover>
  );
}

import { ChevronsUpDownIcon } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { Combobox } from "@/components/ui/combobox";
import { type ComboOption, OptionList } from "@/components/ui/option-list";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";

type FilterComboboxProps = Omit<ComponentProps<typeof Combobox>, "searchLabel" | "emptyText" | "aria-label"> & {
  /** The filter's accessible name. */
  label: string;
};

/** A list filter: a Combobox with the shared search and no-match texts, 10rem wide unless told. */
export function FilterCombobox({ label, className = "w-40", ...props }: FilterComboboxProps) {
  const t = useT();
  return (
    <Combobox
      {...props}
      aria-label={label}
      searchLabel={t("common.search")}
      emptyText={t("common.noMatches")}
      className={className}
    />
  );
}

type MultiFilterComboboxProps = {
  /** The filter's accessible name. */
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** The choices; one with the value "" ("All …") clears the filter. */
  options: readonly ComboOption[];
  placeholder: string;
  className?: string;
  "data-testid"?: string;
};

/** What the trigger shows: the placeholder, the one chosen value, or the first one and "+N". */
export function multiFilterText(values: readonly string[], options: readonly ComboOption[], placeholder: string) {
  if (values.length === 0) return placeholder;
  const first = options.find((o) => o.value === values[0])?.label ?? values[0];
  return values.length === 1 ? first : `${first} +${values.length - 1}`;
}

/**
 * A list filter taking several values ("any of"): the same trigger as FilterCombobox, a list that
 * stays open while values are ticked; its "All …" choice clears them.
 */
export function MultiFilterCombobox({
  label,
  values,
  onChange,
  options,
  placeholder,
  className = "w-40",
  ...rest
}: MultiFilterComboboxProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const pick = (value: string) => {
    if (value === "") {
      onChange([]);
      setOpen(false);
    } else onChange(values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
  };
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-label={label}
          data-testid={rest["data-testid"]}
          data-count={values.length}
          className={cn(
            "flex h-9 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30",
            className,
          )}
        >
          <span className={cn("truncate", values.length === 0 && "text-muted-foreground")}>
            {multiFilterText(values, options, placeholder)}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
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

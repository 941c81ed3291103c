import { ChevronsUpDownIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { LazyMenu } from "@/components/lazy-menu";
import { Combobox, comboboxTriggerClass } from "@/components/ui/combobox";
import type { ComboOption } from "@/components/ui/option-list";
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

/** The list's popover: not in a page's first load (issue 19). */
const loadList = () => import("./multi-filter-list");

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
  return (
    <LazyMenu
      load={loadList}
      props={{ values, onChange, options }}
      trigger={
        <button
          type="button"
          role="combobox"
          aria-expanded={false}
          aria-haspopup="listbox"
          aria-label={label}
          data-testid={rest["data-testid"]}
          data-count={values.length}
          className={cn(comboboxTriggerClass, className)}
        >
          <span className={cn("truncate", values.length === 0 && "text-muted-foreground")}>
            {multiFilterText(values, options, placeholder)}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
      }
    />
  );
}

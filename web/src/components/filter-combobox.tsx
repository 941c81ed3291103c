import type { ComponentProps } from "react";
import { Combobox, ComboboxButton } from "@/components/ui/combobox";
import type { ComboOption } from "@/components/ui/option-list";
import { useT } from "@/lib/i18n";

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
  /** Search on the server (useLocationOptions): the options are its answer to the text. */
  search?: ServerSearch;
};

/** What a picker searched on the server adds to its options. */
export type ServerSearch = {
  onQueryChange: (query: string) => void;
  loading: boolean;
  moreText?: string;
  labelOf: (value: string) => string | undefined;
};

/** What the trigger shows: the placeholder, the one chosen value, or the first one and "+N". */
export function multiFilterText(
  values: readonly string[],
  options: readonly ComboOption[],
  placeholder: string,
  labelOf?: (value: string) => string | undefined,
) {
  if (values.length === 0) return placeholder;
  const first = options.find((o) => o.value === values[0])?.label ?? labelOf?.(values[0]) ?? values[0];
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
  search,
  ...rest
}: MultiFilterComboboxProps) {
  const t = useT();
  const pick = (value: string) => {
    if (value === "") {
      onChange([]);
      return true;
    }
    onChange(values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
    return false;
  };
  return (
    <ComboboxButton
      aria-label={label}
      data-testid={rest["data-testid"]}
      data-count={values.length}
      className={className}
      text={multiFilterText(values, options, placeholder, search?.labelOf)}
      chosen={values.length > 0}
      list={{
        options,
        multiple: true,
        isSelected: (v) => (v === "" ? values.length === 0 : values.includes(v)),
        onPick: pick,
        searchLabel: t("common.search"),
        emptyText: t("common.noMatches"),
        onQueryChange: search?.onQueryChange,
        loading: search?.loading,
        moreText: search?.moreText,
      }}
    />
  );
}

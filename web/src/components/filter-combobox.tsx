import type { ComponentProps } from "react";
import { Combobox } from "@/components/ui/combobox";
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

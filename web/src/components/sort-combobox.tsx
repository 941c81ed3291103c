import { useMemo } from "react";
import { Combobox } from "@/components/ui/combobox";
import { type MessageKey, useT } from "@/lib/i18n";

export type SortProps<S extends string> = {
  /** The sort's accessible name ("Sort devices"). */
  label: string;
  value: S;
  options: ReadonlyArray<{ value: S; label: MessageKey }>;
  onChange: (value: S) => void;
  /** The trigger's width (w-52 unless told). */
  className?: string;
};

/**
 * A list's sort: a combobox whose list lines up with the trigger's end and can be searched (the
 * device list has 25 orders). The same popover list as the filters beside it, so a list page's first
 * load needs no second select primitive.
 */
export function SortCombobox<S extends string>({ label, value, options, onChange, className = "w-52" }: SortProps<S>) {
  const t = useT();
  const choices = useMemo(
    () => options.map((option) => ({ value: option.value, label: t(option.label) })),
    [options, t],
  );
  return (
    <Combobox
      aria-label={label}
      value={value}
      onChange={(next) => onChange(options.find((option) => option.value === next)?.value ?? value)}
      options={choices}
      placeholder={label}
      searchLabel={t("common.search")}
      emptyText={t("common.noMatches")}
      className={className}
      align="end"
    />
  );
}

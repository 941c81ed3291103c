import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { Badge } from "./badge";
import { type ComboOption, type CreateOption, OptionList } from "./option-list";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

type MultiComboboxProps = {
  id?: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  options: readonly ComboOption[];
  addLabel: string;
  /** The search box's label; "Search" unless told. */
  searchLabel?: string;
  /** Shown when nothing matches; "No matches" unless told. */
  emptyText?: string;
  /** A chip's remove button's label; "Remove {name}" unless told. */
  removeLabel?: (label: string) => string;
  create?: CreateOption;
  /** A small badge on a chosen chip (e.g. "New" for a link not saved yet). */
  flag?: (value: string) => string | undefined;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Search on the server (see OptionList): the options are its answer to the text. */
  onQueryChange?: (query: string) => void;
  loading?: boolean;
  moreText?: string;
  /** A chosen value's name when it is not among the options (an answer to another search). */
  labelOf?: (value: string) => string | undefined;
};

/** Chosen values as removable chips, plus a button that opens a searchable multi-choice list. */
export function MultiCombobox(props: MultiComboboxProps) {
  const t = useT();
  const { id, values, onChange, options, addLabel, create, flag } = props;
  const searchLabel = props.searchLabel ?? t("common.search");
  const emptyText = props.emptyText ?? t("common.noMatches");
  const removeLabel = props.removeLabel ?? ((name: string) => t("common.remove", { name }));
  const [open, setOpen] = useState(false);
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? props.labelOf?.(value) ?? value;
  const toggle = (value: string) =>
    onChange(values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);

  return (
    <div
      className={cn(
        "flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border border-input bg-card p-1 shadow-xs",
        props.invalid && "border-destructive",
      )}
    >
      {values.map((value) => {
        const label = labelOf(value);
        const badge = flag?.(value);
        return (
          <span key={value} className="flex items-center gap-1 rounded-md bg-secondary py-0.5 pr-0.5 pl-2 text-[13px]">
            <span className="max-w-56 truncate">{label}</span>
            {badge && <Badge className="px-1.5 py-0 text-[10px]">{badge}</Badge>}
            <button
              type="button"
              aria-label={removeLabel(label)}
              disabled={props.disabled}
              onClick={() => toggle(value)}
              className="rounded p-0.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <XIcon className="size-3.5" aria-hidden="true" />
            </button>
          </span>
        );
      })}
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <button
            id={id}
            type="button"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-describedby={props.describedBy}
            aria-invalid={props.invalid || undefined}
            disabled={props.disabled}
            className="flex h-7 items-center gap-1 rounded-md px-2 text-[13px] text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          >
            <PlusIcon className="size-3.5" aria-hidden="true" />
            {addLabel}
          </button>
        </PopoverTrigger>
        <PopoverContent className="w-80 p-0">
          <OptionList
            multiple
            options={options}
            isSelected={(v) => values.includes(v)}
            onPick={toggle}
            searchLabel={searchLabel}
            emptyText={emptyText}
            create={create}
            onQueryChange={props.onQueryChange}
            loading={props.loading}
            moreText={props.moreText}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}

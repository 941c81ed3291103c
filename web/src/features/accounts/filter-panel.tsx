import "@/lib/i18n/locales/en-accounts";
import type { Role } from "@contracts/spaces/schema";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import type { FilterChoice } from "./use-account-filters";

type Option = { value: string; label: string };
/** Radix radios need a non-empty value: "all" stands for "no filter" (""). */
const ALL = "all";

function FilterGroup({
  title,
  options,
  value,
  onChange,
}: {
  title: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</legend>
      <RadioGroup value={value || ALL} onValueChange={(v) => onChange(v === ALL ? "" : v)} aria-label={title}>
        {options.map((option) => (
          <div key={option.value} className="flex items-center gap-2 py-0.5">
            <RadioGroupItem value={option.value || ALL} id={`${id}-${option.value || ALL}`} />
            <Label htmlFor={`${id}-${option.value || ALL}`} className="font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

const statusOptions: { value: FilterChoice["status"]; label: MessageKey }[] = [
  { value: "", label: "accounts.filter.all" },
  { value: "active", label: "accounts.status.active" },
  { value: "invited", label: "accounts.status.invited" },
  { value: "disabled", label: "accounts.status.disabled" },
];
const onlineOptions: { value: FilterChoice["online"]; label: MessageKey }[] = [
  { value: "", label: "accounts.filter.all" },
  { value: "true", label: "accounts.online" },
  { value: "false", label: "accounts.offline" },
];

type FilterPanelProps = {
  choice: FilterChoice;
  roles: readonly Role[];
  onChange: (next: Partial<FilterChoice>) => void;
  onClear: () => void;
  active: boolean;
  /** Inside the phone's Filters sheet: just the groups (the sheet has the title and Clear). */
  bare?: boolean;
};

/** How many of the panel's groups are set (the count on the phone's Filters button). */
export const countAccountFilters = (choice: FilterChoice) =>
  [choice.status, choice.online, choice.role_uuid].filter(Boolean).length;

/** The left filter panel: status, online (one choice, console.md §5) and role. */
export function FilterPanel({ choice, roles, onChange, onClear, active, bare }: FilterPanelProps) {
  const t = useT();
  const isStatus = (v: string): v is FilterChoice["status"] => statusOptions.some((o) => o.value === v);
  const isOnline = (v: string): v is FilterChoice["online"] => onlineOptions.some((o) => o.value === v);
  return (
    <aside
      aria-label={t("accounts.filter.label")}
      className={cn("flex flex-col gap-5", !bare && "rounded-lg border bg-card p-4 shadow-xs")}
    >
      {!bare && (
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold">{t("accounts.filter.label")}</h2>
          <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={onClear} disabled={!active}>
            {t("accounts.filter.clear")}
          </Button>
        </div>
      )}
      <FilterGroup
        title={t("accounts.filter.status")}
        value={choice.status}
        options={statusOptions.map((o) => ({ value: o.value, label: t(o.label) }))}
        onChange={(v) => isStatus(v) && onChange({ status: v })}
      />
      <FilterGroup
        title={t("accounts.filter.online")}
        value={choice.online}
        options={onlineOptions.map((o) => ({ value: o.value, label: t(o.label) }))}
        onChange={(v) => isOnline(v) && onChange({ online: v })}
      />
      <FilterGroup
        title={t("accounts.filter.role")}
        value={choice.role_uuid}
        options={[
          { value: "", label: t("accounts.filter.all") },
          ...roles.map((r) => ({ value: r.uuid, label: r.name })),
        ]}
        onChange={(v) => onChange({ role_uuid: v })}
      />
    </aside>
  );
}

import "@/lib/i18n/locales/en-assets";
import { Input } from "@/components/ui/input";
import { Segmented } from "@/components/ui/segmented";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import type { FieldRule, CustomFieldRow as Row } from "./custom-fields";

type CustomFieldRowProps = { row: Row; disabled: boolean; onChange: (row: Row) => void };

/** One of the 8 fields: enable switch, alias, None / Required / Required & Unique. */
export function CustomFieldRow({ row, disabled, onChange }: CustomFieldRowProps) {
  const t = useT();
  const { n } = row;
  return (
    <div className="grid grid-cols-[5rem_4rem_minmax(0,1fr)_auto] items-center gap-4 px-4 py-2.5">
      <span className="text-sm font-medium">{t("customFields.field", { n })}</span>
      <Switch
        checked={row.enabled}
        disabled={disabled}
        aria-label={t("customFields.enableField", { n })}
        onCheckedChange={(enabled) => onChange({ ...row, enabled })}
      />
      <Input
        aria-label={t("customFields.aliasOf", { n })}
        placeholder={t("customFields.alias")}
        maxLength={256}
        value={row.alias}
        disabled={disabled}
        onChange={(event) => onChange({ ...row, alias: event.target.value })}
        className="h-8"
      />
      <Segmented<FieldRule>
        label={t("customFields.ruleOf", { n })}
        value={row.rule}
        disabled={disabled}
        onValueChange={(rule) => onChange({ ...row, rule })}
        options={[
          { value: "none", label: t("customFields.none") },
          { value: "required", label: t("customFields.required") },
          { value: "unique", label: t("customFields.requiredUnique") },
        ]}
      />
    </div>
  );
}

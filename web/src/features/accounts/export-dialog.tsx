import "@/lib/i18n/locales/en-accounts";
import { EXPORT_FORMATS, EXPORT_SCOPES } from "@contracts/accounts/values";
import { DownloadIcon } from "lucide-react";
import { useId, useState } from "react";
import { FormDialog } from "@/components/form-dialog";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { downloadAccountsExport, type ExportFormat, type ExportScope } from "./download-export";
import type { AccountFilters } from "./queries";

type ExportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  space: string;
  filters: AccountFilters;
};

type ChoicesProps<V extends string> = {
  legend: string;
  value: V;
  values: readonly V[];
  label: (value: V) => string;
  onChange: (value: V) => void;
};

/** One question of the export (format, scope) as radio buttons. */
function Choices<V extends string>({ legend, value, values, label, onChange }: ChoicesProps<V>) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xs font-medium text-muted-foreground">{legend}</legend>
      <RadioGroup
        value={value}
        onValueChange={(chosen) => onChange(values.find((option) => option === chosen) ?? value)}
      >
        {values.map((option) => (
          <div key={option} className="flex items-center gap-2">
            <RadioGroupItem value={option} id={`${id}-${option}`} />
            <Label htmlFor={`${id}-${option}`} className="font-normal">
              {label(option)}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

/** console.md §2.10: format CSV or HTML, scope current page or all pages. */
export function ExportDialog({ open, onOpenChange, space, filters }: ExportDialogProps) {
  const t = useT();
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [scope, setScope] = useState<ExportScope>("page");
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await downloadAccountsExport(space, filters, format, scope);
      onOpenChange(false);
    } catch (error) {
      console.error("Export failed", error);
      showAlert({ type: "error", message: t("export.failed") });
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      className="max-w-sm"
      title={t("export.title")}
      description={t("export.text")}
      label={t("export.submit")}
      icon={<DownloadIcon aria-hidden="true" />}
      pending={pending}
      onConfirm={run}
    >
      <Choices
        legend={t("export.format")}
        value={format}
        values={EXPORT_FORMATS}
        label={(v) => t(`export.${v}`)}
        onChange={setFormat}
      />
      <Choices
        legend={t("export.scope")}
        value={scope}
        values={EXPORT_SCOPES}
        label={(v) => t(`export.${v}`)}
        onChange={setScope}
      />
    </FormDialog>
  );
}

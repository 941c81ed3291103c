import { DownloadIcon, LoaderCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { showAlert } from "@/lib/alerts";
import { useT } from "@/lib/i18n";
import { downloadAccountsExport, type ExportFormat, type ExportScope } from "./download-export";
import type { AccountFilters } from "./queries";

type ExportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  space: string;
  filters: AccountFilters;
};

/** console.md §2.10: format CSV or HTML, scope current page or all pages. */
export function ExportDialog({ open, onOpenChange, space, filters }: ExportDialogProps) {
  const t = useT();
  const id = useId();
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

  const option = (group: string, value: string, label: string) => (
    <div className="flex items-center gap-2">
      <RadioGroupItem value={value} id={`${id}-${group}-${value}`} />
      <Label htmlFor={`${id}-${group}-${value}`} className="font-normal">
        {label}
      </Label>
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t("export.title")}</DialogTitle>
          <DialogDescription>{t("export.text")}</DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-xs font-medium text-muted-foreground">{t("export.format")}</legend>
          <RadioGroup value={format} onValueChange={(v) => setFormat(v === "html" ? "html" : "csv")}>
            {option("format", "csv", t("export.csv"))}
            {option("format", "html", t("export.html"))}
          </RadioGroup>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-xs font-medium text-muted-foreground">{t("export.scope")}</legend>
          <RadioGroup value={scope} onValueChange={(v) => setScope(v === "all" ? "all" : "page")}>
            {option("scope", "page", t("export.page"))}
            {option("scope", "all", t("export.all"))}
          </RadioGroup>
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("common.cancel")}
          </Button>
          <Button onClick={run} disabled={pending} aria-busy={pending}>
            {pending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <DownloadIcon aria-hidden="true" />
            )}
            {t("export.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

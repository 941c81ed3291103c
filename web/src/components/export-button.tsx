import { DownloadIcon, LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

type ExportButtonProps = {
  /** "Export CSV", "Exporting…": the text, or (compact) the accessible name and tooltip. */
  label: string;
  busy: boolean;
  onClick: () => void;
  /** Phones: the icon alone. */
  compact?: boolean;
  testId?: string;
};

/** A list toolbar's export button: a download icon (a spinner while busy) and its label. */
export function ExportButton({ label, busy, onClick, compact, testId }: ExportButtonProps) {
  return (
    <Button
      variant="outline"
      onClick={onClick}
      disabled={busy}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      data-testid={testId}
    >
      {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <DownloadIcon aria-hidden="true" />}
      {!compact && label}
    </Button>
  );
}

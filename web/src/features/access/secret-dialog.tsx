import "@/lib/i18n/locales/en-access";
import type { IssuedCredential } from "@contracts/access/schema";
import { CheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { DialogShell } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useT } from "@/lib/i18n";
import { wallUrlOf } from "./queries";

type SecretDialogProps = {
  /** The credential just created, with its secret; null when the dialog is closed. */
  issued: IssuedCredential | null;
  onDone: () => void;
};

/**
 * Shows a new credential's secret once (a display link as the address the wall opens): copy it
 * now, it is never shown again. Only "I have copied it" or Esc closes it, not a stray click.
 */
export function SecretDialog({ issued, onDone }: SecretDialogProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const display = issued?.kind === "display_link";
  const value = issued ? (display ? wallUrlOf(issued.secret) : issued.secret) : "";

  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      (error) => console.warn("Clipboard write failed", error),
    );

  const done = () => {
    setCopied(false);
    onDone();
  };

  return (
    <DialogShell
      open={issued !== null}
      onClose={done}
      className="max-w-xl"
      onInteractOutside={(event) => event.preventDefault()}
      title={display ? t("access.secret.displayTitle") : t("access.secret.tokenTitle")}
      descriptionClassName="flex items-start gap-2 text-foreground"
      description={
        <>
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-status-partially-online" aria-hidden="true" />
          {t("access.secret.once")}
        </>
      }
      footer={<Button onClick={done}>{t("access.secret.done")}</Button>}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="credential-secret">{display ? t("access.secret.url") : t("access.secret.token")}</Label>
        <div className="flex gap-2">
          <Input
            id="credential-secret"
            readOnly
            value={value}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={copy}>
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? t("access.secret.copied") : t("access.secret.copy")}
          </Button>
        </div>
      </div>
    </DialogShell>
  );
}

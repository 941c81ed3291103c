import "@/lib/i18n/locales/en-alerting";
import type { Channel, ChannelCreated, ChannelTestResult } from "@contracts/alerting/schema";
import { CheckIcon, CircleAlertIcon, CircleCheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { DialogShell } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";

/** A new webhook's generated signing secret, shown once. */
export function ChannelSecretDialog({ created, onDone }: { created: ChannelCreated | null; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const done = () => {
    setCopied(false);
    onDone();
  };
  return (
    <DialogShell
      open={created !== null}
      onClose={done}
      className="max-w-xl"
      onInteractOutside={(event) => event.preventDefault()}
      title={t("channels.secret.title")}
      descriptionClassName="flex items-start gap-2 text-foreground"
      description={
        <>
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          {t("channels.secret.text")}
        </>
      }
      footer={<Button onClick={done}>{t("channels.secret.done")}</Button>}
    >
      <div className="flex gap-2">
        <Input
          readOnly
          value={created?.secret ?? ""}
          className="font-mono text-xs"
          aria-label={t("channels.field.secret")}
        />
        <Button
          variant="outline"
          onClick={() =>
            navigator.clipboard.writeText(created?.secret ?? "").then(
              () => setCopied(true),
              () => {},
            )
          }
        >
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {t("channels.secret.copy")}
        </Button>
      </div>
    </DialogShell>
  );
}

/** What the receiver answered to "Send test notification": status, its body, or the error. */
export function TestResultDialog(props: {
  channel: Channel | null;
  result: ChannelTestResult | null;
  onClose: () => void;
}) {
  const { channel, result, onClose } = props;
  const t = useT();
  return (
    <DialogShell
      open={channel !== null && result !== null}
      onClose={onClose}
      className="sm:max-w-xl"
      title={t("channels.test.title", { name: channel?.name ?? "" })}
      descriptionClassName="flex items-center gap-2 text-foreground"
      description={
        result?.ok ? (
          <>
            <CircleCheckIcon className="size-4 text-success" aria-hidden="true" />
            {t("channels.test.ok", { ms: result.duration_ms })}
          </>
        ) : (
          <>
            <CircleAlertIcon className="size-4 text-destructive" aria-hidden="true" />
            {t("channels.test.failed", { ms: result?.duration_ms ?? 0 })}
          </>
        )
      }
      footer={<Button onClick={onClose}>{t("common.close")}</Button>}
    >
      {result && (
        <dl className="grid gap-3 text-[13px]" data-testid="channel-test-result" data-ok={result.ok}>
          {result.status !== null && (
            <div>
              <dt className="text-xs text-muted-foreground">{t("channels.test.status")}</dt>
              <dd className="font-mono tabular-nums" data-testid="channel-test-status">
                {result.status}
              </dd>
            </div>
          )}
          {result.error && (
            <div>
              <dt className="text-xs text-muted-foreground">{t("channels.test.error")}</dt>
              <dd className="text-destructive break-words">{result.error}</dd>
            </div>
          )}
          <div>
            <dt className="text-xs text-muted-foreground">{t("channels.test.answer")}</dt>
            <dd>
              <pre className="max-h-64 overflow-auto rounded-md border bg-muted p-2 font-mono text-xs whitespace-pre-wrap break-words">
                {result.body || t("channels.test.noAnswer")}
              </pre>
            </dd>
          </div>
        </dl>
      )}
    </DialogShell>
  );
}

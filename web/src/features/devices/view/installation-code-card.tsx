import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import type { InstallationCode } from "@contracts/installation/schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArchiveIcon, KeyRoundIcon, LoaderCircleIcon, MailIcon, RotateCwIcon, ScanQrCodeIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { formatDuration, msUntil } from "../logic/format";
import { type CodeRead, codeView, currentOf } from "../logic/installation-code";
import { offersQrScan } from "../qr/qr-logic";
import { QrScanDialog } from "../qr/qr-scan-dialog";
import { deviceQueries } from "../queries";
import { useInstallationCode } from "../use-device-mutations";
import { useNow } from "../use-streak";
import { EmailCodeDialog } from "./email-code-dialog";

/**
 * The installation-code card of a device that is not connected (devices.md §2, §4): the code in
 * blocks of 4 with a live countdown for its whole 24 h, Reset and send by e-mail. Content
 * Managers and Admins read the code from GET …/installation-code/ (stored encrypted, #20 item 6);
 * Viewers see the countdown only.
 */
export function InstallationCodeCard({ device, canWrite }: { device: DeviceDetail; canWrite: boolean }) {
  const t = useT();
  const now = useNow();
  const queryClient = useQueryClient();
  const { reset, email } = useInstallationCode(device.uuid);
  const readQuery = deviceQueries.installationCode(device.space_uuid, device.uuid);
  // The code this tab was given (a new runner's first one, or an earlier Reset): shown at once,
  // while the read confirms it.
  const issued = queryClient.getQueryData<InstallationCode>(
    deviceQueries.issuedCodeKey(device.space_uuid, device.uuid),
  );
  const read = useQuery({
    ...readQuery,
    enabled: canWrite && device.connected_status !== "archived",
    initialData: issued ? currentOf(issued) : undefined,
  });
  const show = (next: InstallationCode) => queryClient.setQueryData(readQuery.queryKey, currentOf(next));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  const [scanOpen, setScanOpen] = useState(false);
  // On phones and tablets the operator stands at the device and scans its QR instead of typing.
  const scanHere = offersQrScan(window.matchMedia("(pointer: coarse)").matches, window.innerWidth);

  if (device.connected_status === "archived")
    return (
      <div
        className="flex items-start gap-3 rounded-lg border border-dashed bg-muted/40 p-4 text-sm"
        data-testid="code-archived"
      >
        <ArchiveIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p>{t("device.code.archived")}</p>
      </div>
    );

  const state: CodeRead = !canWrite ? "restricted" : read.data ? read.data : read.isError ? "failed" : "loading";
  const view = codeView({ read: state, deviceExpiresAt: device.installation_code_expires_at, now });
  const expired = view.kind === "expired";
  const countdownTo =
    view.kind === "code" || view.kind === "hidden" || view.kind === "restricted" || view.kind === "failed"
      ? view.expiresAt
      : null;
  const message = {
    code: null,
    expired: t("device.code.expired"),
    used: t("device.code.used"),
    hidden: t("device.code.hidden"),
    none: t("device.code.none"),
    restricted: t("device.code.restricted"),
    failed: t("device.code.readFailed"),
    loading: null,
  }[view.kind];
  return (
    <section
      aria-label={t("device.code.title")}
      data-testid="install-code"
      data-expired={expired || undefined}
      data-state={view.kind}
      className={cn(
        "flex flex-col gap-3 rounded-lg border bg-card p-4",
        expired && "border-destructive/40 bg-destructive/5",
      )}
    >
      <div className="flex items-center gap-2">
        <KeyRoundIcon className="size-4 text-primary" aria-hidden="true" />
        <h3 className="text-sm font-semibold">{t("device.code.title")}</h3>
      </div>
      <p className="text-sm text-muted-foreground">{t("device.code.text")}</p>
      {view.kind === "code" && (
        <p
          className="grid grid-cols-4 gap-1.5 font-mono text-xl font-semibold tracking-[0.08em] sm:flex sm:flex-wrap sm:gap-2 sm:text-2xl sm:tracking-[0.2em]"
          data-testid="code-value"
        >
          {view.blocks.map((block, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional.
            <span key={i} className="rounded-md bg-muted px-1 py-1 text-center sm:px-2.5">
              {block}
            </span>
          ))}
        </p>
      )}
      {view.kind === "loading" && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t("device.code.loading")}
        </p>
      )}
      {message && (
        <p
          className={cn("text-sm", expired && "font-medium text-destructive")}
          role="status"
          data-testid="code-message"
        >
          {message}
        </p>
      )}
      {countdownTo && (
        <p className="text-sm tabular-nums" data-testid="code-countdown">
          {t("device.code.expiresIn", { time: formatDuration(msUntil(countdownTo, now) / 1000) })}
        </p>
      )}
      {sentTo && <p className="text-sm text-muted-foreground">{t("device.code.sentTo", { email: sentTo })}</p>}
      {canWrite && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={reset.isPending}
            onClick={() => reset.mutate(undefined, { onSuccess: show })}
          >
            {reset.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <RotateCwIcon aria-hidden="true" />
            )}
            {t("device.code.reset")}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setEmailOpen(true)}>
            <MailIcon aria-hidden="true" />
            {t("device.code.email")}
          </Button>
          {scanHere && (
            <Button variant="outline" size="sm" onClick={() => setScanOpen(true)}>
              <ScanQrCodeIcon aria-hidden="true" />
              {t("device.qr.scan")}
            </Button>
          )}
        </div>
      )}
      {scanHere && <QrScanDialog device={device} open={scanOpen} onOpenChange={setScanOpen} />}
      <EmailCodeDialog
        open={emailOpen}
        onOpenChange={setEmailOpen}
        pending={email.isPending}
        onSend={(input) =>
          email.mutate(input, {
            onSuccess: (next) => {
              show(next);
              setSentTo(input.email_address);
              setEmailOpen(false);
            },
          })
        }
      />
    </section>
  );
}

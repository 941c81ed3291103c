import "@/lib/i18n/locales/en-terminal";
import { SquareTerminalIcon } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useSessionRight } from "@/features/sessions/queries";
import { useT } from "@/lib/i18n";
import { ActionButton, SettingRow } from "../settings/setting-row";

// xterm.js is loaded when a terminal opens: it stays out of the console's first load.
const TerminalPanel = lazy(() => import("./terminal-panel").then((m) => ({ default: m.TerminalPanel })));

type TerminalRowProps = {
  device: { uuid: string; name: string };
  disabled: boolean;
  /** The id of the text that says why the control is disabled. */
  reasonId?: string;
};

/**
 * The Settings tab's Terminal row: opens a dialog with the device's shell. Closing the
 * dialog (or the flyout) ends the session.
 */
export function TerminalRow({ device, disabled, reasonId }: TerminalRowProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // The space's session policy may withhold the terminal from this role: the server refuses it,
  // and the row says why instead of offering a button that cannot work.
  const right = useSessionRight("terminal");
  const rightId = useId();
  return (
    <>
      <SettingRow
        icon={SquareTerminalIcon}
        title={t("device.terminal.title")}
        description={t("device.terminal.text")}
        note={
          right.reason && (
            <p id={rightId} data-testid="terminal-right" className="mt-1 text-xs text-muted-foreground">
              {right.reason}
            </p>
          )
        }
        control={
          <ActionButton
            label={t("device.terminal.open")}
            disabled={disabled || !right.allowed}
            reasonId={right.reason ? rightId : reasonId}
            onClick={() => setOpen(true)}
          />
        }
      />
      <TerminalDialog device={device} open={open} onOpenChange={setOpen} />
    </>
  );
}

type TerminalDialogProps = {
  device: { uuid: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The dialog with the device's shell (the Terminal row's, and the command palette's Open terminal). */
export function TerminalDialog({ device, open, onOpenChange }: TerminalDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[calc(100dvh-2rem)] max-w-5xl flex-col gap-3 p-4 sm:h-[min(80dvh,760px)] sm:p-5"
        // The terminal takes the focus once connected; Escape belongs to the shell.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t("device.terminal.dialogTitle", { name: device.name })}</DialogTitle>
          <DialogDescription className="sr-only sm:not-sr-only">{t("device.terminal.dialogText")}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Skeleton className="min-h-0 flex-1" />}>
          <TerminalPanel device={device.uuid} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

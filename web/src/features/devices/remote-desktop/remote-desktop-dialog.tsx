import "@/lib/i18n/locales/en-remote-desktop";
import { LinkIcon, LoaderCircleIcon, type LucideProps } from "lucide-react";
import { lazy, Suspense } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { ToolButton } from "./tool-button";

// noVNC is loaded when a viewer opens: it stays out of the console's first load.
const DesktopViewer = lazy(() => import("./desktop-viewer").then((m) => ({ default: m.DesktopViewer })));

const SpinnerIcon = (props: LucideProps) => <LoaderCircleIcon {...props} className="animate-spin" />;

type RemoteDesktopDialogProps = {
  device: { uuid: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The spec's Remote Desktop call (devices.md §7: the address for a VNC client, Connect), and whether it runs. */
  vncClient: { run: () => void; busy: boolean };
};

/**
 * The Settings tab's Remote Desktop: the device's screen in the browser, in a large
 * dialog. The spec's reply (the `vnc://` address with Connect, its 30 s timeout and texts) is one
 * button away for operators with a VNC client of their own. Closing the dialog ends the session.
 */
export function RemoteDesktopDialog({ device, open, onOpenChange, vncClient }: RemoteDesktopDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="flex h-[calc(100dvh-2rem)] max-w-6xl flex-col gap-3 p-4 sm:h-[min(88dvh,900px)] sm:p-5"
        data-testid="remote-desktop"
        // The canvas takes the focus once connected; Escape belongs to the remote screen.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
        // The VNC client reply's notification (Connect, Copy, close) is used without closing the viewer.
        onInteractOutside={(event) => {
          if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]")) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("device.desktop.dialogTitle", { name: device.name })}</DialogTitle>
          <DialogDescription className="sr-only sm:not-sr-only">{t("device.desktop.dialogText")}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Skeleton className="min-h-0 flex-1" />}>
          <DesktopViewer
            device={device.uuid}
            actions={
              <ToolButton
                icon={vncClient.busy ? SpinnerIcon : LinkIcon}
                label={t("device.desktop.vncClient")}
                disabled={vncClient.busy}
                aria-busy={vncClient.busy || undefined}
                onClick={vncClient.run}
              />
            }
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

import "@/lib/i18n/locales/en-devices";
import { DownloadIcon, ExternalLinkIcon, ImageOffIcon, LoaderCircleIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { fetchBlob } from "./device-call";

/** devices.md §9: a screenshot downloads as screenshot.jpg. */
export const SCREENSHOT_FILE_NAME = "screenshot.jpg";

type Image = { status: "loading" } | { status: "failed" } | { status: "ready"; href: string };

/** Loads the image behind the bearer token into an object URL (revoked when it is closed). */
function useScreenshot(url: string | null): Image {
  const [image, setImage] = useState<Image>({ status: "loading" });
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let href: string | null = null;
    setImage({ status: "loading" });
    fetchBlob(url, controller.signal).then(
      (blob) => {
        href = URL.createObjectURL(blob);
        setImage({ status: "ready", href });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Screenshot failed to load", error);
        setImage({ status: "failed" });
      },
    );
    return () => {
      controller.abort();
      if (href) URL.revokeObjectURL(href);
    };
  }, [url]);
  return image;
}

export type ScreenshotViewerProps = {
  /** The screenshot's API URL; null: closed. */
  url: string | null;
  onClose: () => void;
};

/**
 * The viewer the "Screenshot is available!" notification's View opens (ScreenshotViewerHost loads it at
 * the first View): the image, Download (screenshot.jpg) and Open in new tab.
 */
export default function ScreenshotViewer({ url, onClose }: ScreenshotViewerProps) {
  const t = useT();
  const [blocked, setBlocked] = useState(false);
  const image = useScreenshot(url);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screenshot is the reason to reset
  useEffect(() => setBlocked(false), [url]);

  const openTab = () => {
    if (image.status !== "ready") return;
    const tab = window.open(image.href, "_blank");
    setBlocked(tab === null);
    // console.md §2.2: a blocked tab raises the alert (the note under the image repeats it).
    if (tab === null) showAlert({ type: "error", message: t("alerts.popupBlocked") });
  };

  return (
    <Dialog open={url !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl" data-testid="screenshot-viewer">
        <DialogHeader>
          <DialogTitle>{t("device.screenshot.title")}</DialogTitle>
          <DialogDescription>{t("device.screenshot.description")}</DialogDescription>
        </DialogHeader>
        <div className="flex min-h-64 items-center justify-center overflow-hidden rounded-md border bg-muted/40">
          {image.status === "loading" && (
            <LoaderCircleIcon
              role="status"
              aria-label={t("device.screenshot.loading")}
              className="size-8 animate-spin text-muted-foreground"
            />
          )}
          {image.status === "failed" && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <ImageOffIcon className="size-4" aria-hidden="true" />
              {t("device.screenshot.failed")}
            </p>
          )}
          {image.status === "ready" && (
            <img
              src={image.href}
              alt={t("device.screenshot.title")}
              className="max-h-[65vh] max-w-full object-contain"
            />
          )}
        </div>
        {blocked && (
          <p role="alert" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
            {t("alerts.popupBlocked")}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={image.status !== "ready"} onClick={openTab}>
            <ExternalLinkIcon aria-hidden="true" />
            {t("device.screenshot.openTab")}
          </Button>
          {image.status === "ready" ? (
            <Button asChild>
              <a href={image.href} download={SCREENSHOT_FILE_NAME}>
                <DownloadIcon aria-hidden="true" />
                {t("device.screenshot.download")}
              </a>
            </Button>
          ) : (
            <Button disabled>
              <DownloadIcon aria-hidden="true" />
              {t("device.screenshot.download")}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

import "@/lib/i18n/locales/en-device";
import { CameraIcon, LoaderCircleIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import type { useCameraSnapshot } from "./use-camera-actions";

/**
 * devices.md §2 Camera settings: the snapshot with Refresh Snapshot (a runner of the camera's
 * location fetches a new one into storage; the newest kept one shows on opening).
 */
export function CameraSnapshot({
  snapshot,
  disabled,
}: {
  snapshot: ReturnType<typeof useCameraSnapshot>;
  disabled?: boolean;
}) {
  const t = useT();
  const { url, loading, refresh } = snapshot;
  return (
    <section aria-label={t("device.camera.snapshot")} className="flex flex-col gap-3">
      {url ? (
        <img
          src={url}
          alt={t("device.camera.snapshotAlt")}
          className="aspect-video w-full rounded-lg border bg-muted object-contain"
          data-testid="camera-snapshot-image"
        />
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted/40 p-6 text-center">
          <CameraIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">
            {loading ? t("device.camera.loadingSnapshot") : t("device.camera.noSnapshot")}
          </p>
          <p className="max-w-xs text-xs text-muted-foreground">{t("device.camera.snapshotText")}</p>
        </div>
      )}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={disabled || refresh.isPending}
        onClick={() => refresh.mutate()}
      >
        {refresh.isPending ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <RefreshCwIcon aria-hidden="true" />
        )}
        {t("device.camera.refreshSnapshot")}
      </Button>
    </section>
  );
}

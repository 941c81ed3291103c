import { CameraIcon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

/**
 * devices.md §2 Camera settings: the snapshot with Refresh Snapshot. The server has no snapshot
 * call yet, so Refresh says so in place instead of pretending to load one.
 */
export function CameraSnapshot() {
  const t = useT();
  const [asked, setAsked] = useState(false);
  return (
    <section aria-label={t("device.camera.snapshot")} className="flex flex-col gap-3">
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted/40 p-6 text-center">
        <CameraIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-medium">{t("device.camera.noSnapshot")}</p>
        <p className="max-w-xs text-xs text-muted-foreground" role={asked ? "status" : undefined}>
          {asked ? t("device.camera.snapshotUnavailable") : t("device.camera.snapshotText")}
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={() => setAsked(true)}>
        <RefreshCwIcon aria-hidden="true" />
        {t("device.camera.refreshSnapshot")}
      </Button>
    </section>
  );
}

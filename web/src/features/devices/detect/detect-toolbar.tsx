import "@/lib/i18n/locales/en-detect";
import type { DetectionScan } from "@contracts/detection/schema";
import { LoaderCircleIcon, RadarIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useLocationOptions } from "@/features/locations/use-location-options";
import { useCurrentSpace } from "@/features/session/current-space";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { lastScanAt } from "./scan-state";

type DetectToolbarProps = {
  location: string;
  onLocation: (location: string) => void;
  /** Absent until a location is picked. */
  scan?: {
    latest: DetectionScan | null | undefined;
    loading: boolean;
    scanning: boolean;
    again: boolean;
    onDetect: () => void;
  };
};

/** Location, Detect (Detect again after a scan), and the latest scan's Last Scan and total detections. */
export function DetectToolbar({ location, onLocation, scan }: DetectToolbarProps) {
  const { t, lang } = useI18n();
  const { space } = useCurrentSpace();
  const { options, ...locationSearch } = useLocationOptions(space.space_uuid, { selected: [location] });
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <div className="flex min-w-0 flex-1 flex-wrap items-end gap-2 sm:flex-none">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5 sm:w-72 sm:flex-none">
          <Label htmlFor="detect-location">{t("detect.location")}</Label>
          <Combobox
            id="detect-location"
            value={location}
            onChange={onLocation}
            options={options}
            {...locationSearch}
            placeholder={t("detect.locationPick")}
            searchLabel={t("common.search")}
            emptyText={t("common.noMatches")}
          />
        </div>
        <Button onClick={scan?.onDetect} disabled={!scan || scan.scanning} className="min-w-32">
          {scan?.scanning ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <RadarIcon aria-hidden="true" />
          )}
          {scan?.again ? t("detect.again") : t("detect.detect")}
        </Button>
      </div>
      {scan && (
        <dl className="flex gap-6 text-[13px]" aria-live="polite">
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("detect.lastScan")}</dt>
            <dd className="tabular-nums" data-testid="detect-last-scan">
              {scan.loading ? (
                <Skeleton className="h-4 w-36" />
              ) : scan.latest ? (
                formatDateTime(lastScanAt(scan.latest), lang)
              ) : (
                t("detect.never")
              )}
            </dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs text-muted-foreground">{t("detect.total")}</dt>
            <dd className="tabular-nums" data-testid="detect-total">
              {scan.loading ? <Skeleton className="h-4 w-8" /> : (scan.latest?.total_detections ?? 0)}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}

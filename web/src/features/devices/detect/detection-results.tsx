import "@/lib/i18n/locales/en-detect";
import { DETECTION_PAGE_SIZES, type DetectedDevice } from "@contracts/detection/schema";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon, RadarIcon, SearchXIcon, TriangleAlertIcon, WifiOffIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/features/accounts/pagination";
import { useT } from "@/lib/i18n";
import { useMediaQuery } from "@/lib/ui/use-media-query";
import { DetectNotice } from "./detect-notice";
import { DetectedDevicesTable } from "./detected-devices-table";
import { COMPACT_MAX_WIDTH, clampPage, pageAfterResize, pageSizeFor } from "./paging";
import { detectionQueries } from "./queries";
import type { ScanView } from "./scan-state";
import { type Selection, syncSelection, togglePage, toggleRow } from "./selection";

type DetectionResultsProps = {
  space: string;
  location: string;
  view: ScanView;
  selection: Selection;
  onSelection: (update: (selection: Selection) => Selection) => void;
  onTryAgain: () => void;
};

/**
 * Below the toolbar: the idle hint, the scan's skeleton, the no-service message (Try Again), or
 * the results table with its pages (page sizes 5/10/15/20, 7 a page in the compact view).
 */
export function DetectionResults({ space, location, view, selection, onSelection, onTryAgain }: DetectionResultsProps) {
  const t = useT();
  const compact = useMediaQuery(`(max-width: ${COMPACT_MAX_WIDTH}px)`);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number>(DETECTION_PAGE_SIZES[1]);
  const size = pageSizeFor(compact, chosen);
  const items = useQuery({
    ...detectionQueries.items(space, location, page, size),
    enabled: view === "results",
    placeholderData: keepPreviousData,
  });
  const data = view === "results" ? items.data : undefined;

  useEffect(() => {
    if (view === "scanning") setPage(1);
  }, [view]);

  // A refetch (after an install, a new scan) updates the picked rows; a shorter list clamps the page.
  useEffect(() => {
    if (!data) return;
    onSelection((current) => syncSelection(current, data.detected_devices));
    if (page > data.pages_count && data.pages_count > 0) setPage(clampPage(page, data.pages_count));
  }, [data, onSelection, page]);

  if (view === "none") return <DetectNotice icon={RadarIcon} text={t("detect.idle")} />;
  if (view === "noService")
    return (
      <DetectNotice
        icon={WifiOffIcon}
        tone="warning"
        text={t("detect.noService")}
        action={
          <Button variant="outline" size="sm" onClick={onTryAgain}>
            {t("detect.tryAgain")}
          </Button>
        }
      />
    );

  const table = (rows: readonly DetectedDevice[], loadingRows: number | null) => (
    <DetectedDevicesTable
      rows={rows}
      loadingRows={loadingRows}
      selection={selection}
      onToggleRow={(row) => onSelection((current) => toggleRow(current, row))}
      onTogglePage={() => onSelection((current) => togglePage(current, rows))}
    />
  );

  if (view === "scanning" || !data) {
    if (view === "results" && items.isError)
      return <DetectNotice icon={TriangleAlertIcon} tone="warning" text={t("detect.loadFailed")} />;
    return (
      <div className="overflow-hidden rounded-lg border">
        {view === "scanning" && (
          <p role="status" className="flex items-center gap-2 border-b bg-muted/30 px-3 py-2 text-[13px]">
            <LoaderCircleIcon className="size-4 animate-spin text-primary" aria-hidden="true" />
            {t("detect.scanning")}
          </p>
        )}
        {table([], size)}
      </div>
    );
  }

  if (data.objects_count === 0) return <DetectNotice icon={SearchXIcon} text={t("detect.empty")} />;

  return (
    <div className="overflow-hidden rounded-lg border" data-placeholder={items.isPlaceholderData || undefined}>
      <div className={items.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        {table(data.detected_devices, null)}
      </div>
      <Pagination
        page={page}
        pages={data.pages_count}
        pageSize={size}
        total={data.objects_count}
        sizes={compact ? null : DETECTION_PAGE_SIZES}
        onPage={setPage}
        onPageSize={(next) => {
          setPage(pageAfterResize(page, size, next));
          setChosen(next);
        }}
      />
    </div>
  );
}

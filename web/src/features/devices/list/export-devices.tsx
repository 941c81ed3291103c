import { exportDevices } from "@contracts/api/devices";
import { routePath } from "@contracts/api/route";
import { DownloadIcon, LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useCurrentSpace } from "@/features/session/current-space";
import { showAlert } from "@/lib/alerts";
import { apiDownload } from "@/lib/api";
import { useT } from "@/lib/i18n";
import type { DeviceFilters } from "../queries";

/**
 * "Export CSV" (issue 18 item 6): GET /space/{space}/device/items/export/ with the list's current
 * filters and ordering (the server streams every matching device) → devices_export.csv.
 */
export function ExportDevicesButton({ query, compact }: { query: DeviceFilters; compact?: boolean }) {
  const t = useT();
  const { space } = useCurrentSpace();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await apiDownload(routePath(exportDevices, { space: space.space_uuid }), {
        query: { ...query },
        filename: "devices_export.csv",
      });
    } catch {
      showAlert({ type: "error", message: t("devices.exportFailed") });
    } finally {
      setExporting(false);
    }
  };
  const label = exporting ? t("devices.exporting") : t("devices.export");
  return (
    <Button
      variant="outline"
      onClick={run}
      disabled={exporting}
      aria-label={compact ? label : undefined}
      title={compact ? label : undefined}
      data-testid="devices-export"
    >
      {exporting ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <DownloadIcon aria-hidden="true" />
      )}
      {!compact && label}
    </Button>
  );
}

import "@/lib/i18n/locales/en-views";
import { exportDevices } from "@contracts/devices/routes";
import { routePath } from "@contracts/http/path";
import { useState } from "react";
import { ExportButton } from "@/components/export-button";
import { useCurrentSpace } from "@/features/session/current-space";
import { apiDownload } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import type { DeviceFilters } from "../queries";

/**
 * "Export CSV": GET /space/{space}/device/items/export/ with the list's current
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
  return (
    <ExportButton
      label={exporting ? t("devices.exporting") : t("devices.export")}
      busy={exporting}
      onClick={() => void run()}
      compact={compact}
      testId="devices-export"
    />
  );
}

import { MonitorSmartphoneIcon, SearchXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { DeviceCardSkeleton } from "./device-card";

const SKELETONS = Array.from({ length: 8 }, (_, i) => `s${i}`);

/** The list's shape (cards or rows) while the first page loads. */
export function DeviceListSkeleton({ rows }: { rows: boolean }) {
  const t = useT();
  return (
    <div role="status" aria-label={t("common.loading")}>
      {rows ? (
        <div className="flex flex-col gap-2">
          {SKELETONS.map((key) => (
            <Skeleton key={key} className="h-11 w-full" />
          ))}
        </div>
      ) : (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(300px,1fr))] gap-3">
          {SKELETONS.map((key) => (
            <DeviceCardSkeleton key={key} />
          ))}
        </div>
      )}
    </div>
  );
}

/** Rows shown under the table while the next page loads. */
export function DeviceRowSkeletons() {
  return SKELETONS.slice(0, 3).map((key) => (
    <tr key={key}>
      <td colSpan={7} className="h-12 border-b px-3">
        <Skeleton className="h-4 w-full" />
      </td>
    </tr>
  ));
}

/** No devices at all, or none matching the filters. */
export function NoDevices({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const t = useT();
  if (!filtered)
    return (
      <EmptyState
        icon={MonitorSmartphoneIcon}
        title={t("devices.empty.title")}
        description={t("devices.empty.text")}
        className="rounded-lg border border-dashed"
      />
    );
  return (
    <EmptyState
      icon={SearchXIcon}
      title={t("devices.noMatch.title")}
      description={t("devices.noMatch.text")}
      className="rounded-lg border border-dashed"
      action={
        <Button variant="outline" onClick={onReset}>
          {t("devices.filter.clear")}
        </Button>
      }
    />
  );
}

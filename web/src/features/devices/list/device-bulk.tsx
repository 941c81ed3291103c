import type { DeviceBulkAction } from "@contracts/bulk/schema";
import type { Device } from "@contracts/devices/schema";
import { lazy, Suspense, useMemo, useState } from "react";
import { usePermissions } from "@/features/space/use-permissions";
import type { DeviceFilters } from "../queries";
import { bulkFilterOf } from "./bulk-filter";
import { type BulkParams, type BulkTarget, useBulkRun } from "./use-bulk-run";
import { useDeviceSelection } from "./use-device-selection";

// The bar and the results (their dialogs, pickers and texts) load with the first selection: the
// list's first load carries only the checkbox column (web/bundle-budget.json).
const BulkBar = lazy(() => import("./bulk-bar").then((m) => ({ default: m.BulkBar })));
const BulkResults = lazy(() => import("./bulk-results").then((m) => ({ default: m.BulkResults })));

/**
 * The device list's bulk actions for Content Managers and Admins: the
 * selection (rows' checkbox column, cards' corner checkbox), the action bar and the results.
 * Viewers get none of it. `stale`: the rows are the last filter's or order's, kept while the new
 * ones load; they cannot be ticked.
 */
export function useDeviceBulk(devices: readonly Device[], query: DeviceFilters, stale = false) {
  const { canWrite, settled } = usePermissions();
  const order = useMemo(() => devices.map((d) => d.uuid), [devices]);
  const { ordering: _ordering, ...filter } = query;
  const filterKey = JSON.stringify(filter);
  const selection = useDeviceSelection(order, filterKey, stale);
  const runner = useBulkRun();
  const names = useMemo(() => new Map(devices.map((d) => [d.uuid, d.name])), [devices]);

  const [last, setLast] = useState<{ action: DeviceBulkAction; params: BulkParams } | null>(null);
  const start = (action: DeviceBulkAction, params: BulkParams) => {
    setLast({ action, params });
    const target: BulkTarget = selection.allMatching
      ? { filter: bulkFilterOf(JSON.parse(filterKey) as DeviceFilters) }
      : { uuids: order.filter((u) => selection.selected.has(u)), names };
    selection.clear();
    void runner.start(action, params, target);
  };

  return {
    selection: canWrite ? selection : undefined,
    /** Whether the selection column's presence is known: until then the list shows its skeleton, not rows that would shift. */
    ready: settled,
    element: canWrite
      ? (total: number | undefined) => (
          <Suspense fallback={null}>
            {(selection.count > 0 || selection.allMatching) && (
              <BulkBar selection={selection} loaded={devices.length} total={total} onConfirm={start} />
            )}
            {runner.run && (
              <BulkResults
                run={runner.run}
                onClose={runner.close}
                onRetry={(uuids) => {
                  if (!last) return;
                  const byUuid = new Map(runner.run?.rows.map((r) => [r.device_uuid, r.device_name ?? ""]));
                  void runner.start(last.action, last.params, { uuids, names: byUuid });
                }}
              />
            )}
          </Suspense>
        )
      : () => null,
  };
}

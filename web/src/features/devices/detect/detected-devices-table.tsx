import "@/lib/i18n/locales/en-detect";
import type { DetectedDevice } from "@contracts/detection/schema";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { typeLabel } from "@/features/devices/logic/format";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { connectedLabel } from "../device-status";
import { pageCheck, rowCheck, type Selection } from "./selection";

/** Column widths; MAC and type make room on narrow screens. */
const col = {
  check: "w-10 pl-3",
  name: "min-w-40",
  ip: "w-32",
  mac: "hidden w-40 sm:table-cell",
  type: "hidden w-32 md:table-cell",
  status: "w-32",
} as const;
const COLUMNS = Object.keys(col) as (keyof typeof col)[];

type DetectedDevicesTableProps = {
  rows: readonly DetectedDevice[];
  /** Skeleton rows instead of data (scanning, or a page loading). */
  loadingRows: number | null;
  selection: Selection;
  onToggleRow: (row: DetectedDevice) => void;
  onTogglePage: () => void;
};

/** The machines the latest scan found: a box per row (only non_connected ones can be picked). */
export function DetectedDevicesTable({
  rows,
  loadingRows,
  selection,
  onToggleRow,
  onTogglePage,
}: DetectedDevicesTableProps) {
  const t = useT();
  const header = pageCheck(rows, selection);
  const loading = loadingRows !== null;
  return (
    <Table aria-label={t("detect.table")} aria-busy={loading}>
      <TableHeader className="bg-muted/40">
        <TableRow className="hover:bg-transparent">
          <TableHead className={col.check}>
            <Checkbox
              aria-label={t("detect.selectPage")}
              checked={loading ? false : header.checked}
              disabled={loading || header.disabled}
              onCheckedChange={onTogglePage}
            />
          </TableHead>
          <TableHead className={col.name}>{t("detect.col.name")}</TableHead>
          <TableHead className={col.ip}>{t("detect.col.ip")}</TableHead>
          <TableHead className={col.mac}>{t("detect.col.mac")}</TableHead>
          <TableHead className={col.type}>{t("detect.col.type")}</TableHead>
          <TableHead className={col.status}>{t("detect.col.status")}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading
          ? Array.from({ length: loadingRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
              <TableRow key={i} data-testid="skeleton-row" className="hover:bg-transparent">
                {COLUMNS.map((id) => (
                  <TableCell key={id} className={col[id]}>
                    <Skeleton className={cn("h-4", id === "check" ? "size-4" : "w-full max-w-32")} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : rows.map((row) => {
              const box = rowCheck(row, selection);
              const picked = !box.disabled && box.checked;
              return (
                <TableRow
                  key={row.uuid}
                  data-state={picked ? "selected" : undefined}
                  data-connected={row.connected_status}
                  className={cn(box.disabled && "text-muted-foreground")}
                >
                  <TableCell className={col.check}>
                    <Checkbox
                      aria-label={t(box.disabled ? "detect.alreadyDevice" : "detect.selectRow", { name: row.name })}
                      checked={box.checked}
                      disabled={box.disabled}
                      onCheckedChange={() => onToggleRow(row)}
                    />
                  </TableCell>
                  <TableCell className={cn(col.name, "max-w-64 truncate font-medium")} title={row.name}>
                    {row.name}
                  </TableCell>
                  <TableCell className={cn(col.ip, "font-mono text-xs tabular-nums")}>{row.ip_address}</TableCell>
                  <TableCell className={cn(col.mac, "font-mono text-xs uppercase")}>{row.mac_address}</TableCell>
                  <TableCell className={cn(col.type, "truncate")}>{typeLabel(row.device_type_name)}</TableCell>
                  <TableCell className={col.status}>
                    <Badge
                      variant="outline"
                      className={cn(
                        "whitespace-nowrap",
                        row.connected_status === "non_connected" ? "border-dashed" : "text-muted-foreground",
                      )}
                    >
                      {t(connectedLabel[row.connected_status])}
                    </Badge>
                  </TableCell>
                </TableRow>
              );
            })}
      </TableBody>
    </Table>
  );
}

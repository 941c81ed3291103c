import { type ColumnDef, createColumnHelper, type RowData, tableFeatures, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { ReactNode, RefObject } from "react";
import { useRefElement } from "@/lib/ui/use-ref-element";
import { cn } from "@/lib/ui/utils";

/** Per column: a Tailwind width/alignment class for its header and cells. */
export type DataTableColumnMeta = { className?: string };
const features = tableFeatures({ columnMeta: {} as DataTableColumnMeta });
export type DataTableFeatures = typeof features;

/** The column helper every entity's columns.tsx uses. */
export const columnHelper = <T extends RowData>() => createColumnHelper<DataTableFeatures, T>();

type DataTableProps<T extends RowData> = {
  columns: ColumnDef<DataTableFeatures, T>[];
  data: T[];
  getRowId: (row: T) => string;
  /** The element that scrolls (rows outside its view are not rendered). */
  scrollRef: RefObject<HTMLElement | null>;
  label: string;
  rowHeight?: number;
  /** Extra rows after the data (e.g. skeletons while the next page loads). */
  footer?: ReactNode;
  onRowClick?: (row: T) => void;
  /** A sortable column's aria-sort (by column id); undefined for columns that do not sort. */
  ariaSort?: (columnId: string) => "ascending" | "descending" | "none" | undefined;
};

/** The one generic table: TanStack Table for the model, TanStack Virtual for the rows shown. */
export function DataTable<T extends RowData>({
  columns,
  data,
  getRowId,
  scrollRef,
  label,
  rowHeight = 48,
  footer,
  onRowClick,
  ariaSort,
}: DataTableProps<T>) {
  const table = useTable({ features, columns, data, getRowId: (row) => getRowId(row) });
  const rows = table.getRowModel().rows;
  const scrollElement = useRefElement(scrollRef);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    // Rows for the first paint, before the scroll container is known (useRefElement).
    initialRect: { width: 0, height: window.innerHeight },
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  return (
    <table aria-label={label} className="w-full table-fixed border-separate border-spacing-0 text-sm">
      <thead className="sticky top-0 z-[1] bg-background">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                aria-sort={ariaSort?.(header.column.id)}
                className={cn(
                  "h-9 border-b px-3 text-left text-xs font-medium whitespace-nowrap text-muted-foreground",
                  header.column.columnDef.meta?.className,
                )}
              >
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {before > 0 && <tr style={{ height: before }} />}
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <tr
              key={row.id}
              data-index={item.index}
              ref={virtualizer.measureElement}
              onClick={onRowClick ? () => onRowClick(row.original) : undefined}
              className={cn("group", onRowClick && "cursor-pointer")}
            >
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cn(
                    "h-12 truncate border-b px-3 align-middle group-hover:bg-accent/50",
                    cell.column.columnDef.meta?.className,
                  )}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          );
        })}
        {after > 0 && <tr style={{ height: after }} />}
        {footer}
      </tbody>
    </table>
  );
}

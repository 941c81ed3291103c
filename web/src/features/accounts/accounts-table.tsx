import type { AccountRow } from "@contracts/accounts/schema";
import { type RowSelectionState, useTable } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/ui/utils";
import { type accountColumns, accountFeatures, columnClass } from "./columns";

type AccountsTableProps = {
  rows: AccountRow[];
  columns: ReturnType<typeof accountColumns>;
  loading: boolean;
  /** How many skeleton rows to show while the first page loads. */
  skeletonRows: number;
  selection: RowSelectionState;
  onSelectionChange: (next: RowSelectionState) => void;
  empty: ReactNode;
};

/** The accounts table: dense rows, disabled accounts greyed, row selection by checkbox. */
export function AccountsTable({
  rows,
  columns,
  loading,
  skeletonRows,
  selection,
  onSelectionChange,
  empty,
}: AccountsTableProps) {
  const table = useTable({
    features: accountFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.account_uuid,
    state: { rowSelection: selection },
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === "function" ? updater(selection) : updater),
  });
  const ids = columns.map((c) => c.id ?? "");

  return (
    <Table aria-busy={loading}>
      <TableHeader className="bg-muted/40">
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead key={header.id} className={columnClass[header.column.id]}>
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </TableHead>
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {loading && rows.length === 0
          ? Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
              <TableRow key={i} data-testid="skeleton-row">
                {ids.map((id) => (
                  <TableCell key={id} className={columnClass[id]}>
                    <Skeleton className={cn("h-4", id === "avatar" ? "size-7 rounded-full" : "w-full max-w-40")} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : table.getRowModel().rows.map((row) => (
              <TableRow
                key={row.id}
                data-state={row.getIsSelected() ? "selected" : undefined}
                data-status={row.original.status}
                className={cn(row.original.status === "disabled" && "text-muted-foreground opacity-60")}
              >
                {row.getAllCells().map((cell) => (
                  <TableCell key={cell.id} className={columnClass[cell.column.id]}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
        {!loading && rows.length === 0 && (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={ids.length} className="h-auto p-0">
              {empty}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}

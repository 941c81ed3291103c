import type { DetectedDevice } from "@contracts/detection/schema";

/** The rows picked for installing, by uuid (kept across pages, in the order they were picked). */
export type Selection = ReadonlyMap<string, DetectedDevice>;
export const emptySelection: Selection = new Map();

/** devices.md §2: only machines not yet in the space can be installed. */
export const isSelectable = (row: Pick<DetectedDevice, "connected_status">) => row.connected_status === "non_connected";

/** A row's box: selectable rows show the selection; the others are already devices (checked, disabled). */
export function rowCheck(row: DetectedDevice, selection: Selection): { checked: boolean; disabled: boolean } {
  if (!isSelectable(row)) return { checked: true, disabled: true };
  return { checked: selection.has(row.uuid), disabled: false };
}

export function toggleRow(selection: Selection, row: DetectedDevice): Selection {
  if (!isSelectable(row)) return selection;
  const next = new Map(selection);
  if (next.has(row.uuid)) next.delete(row.uuid);
  else next.set(row.uuid, row);
  return next;
}

/** The header box of a page: over its selectable rows only. */
export function pageCheck(
  rows: readonly DetectedDevice[],
  selection: Selection,
): { checked: boolean | "indeterminate"; disabled: boolean } {
  const selectable = rows.filter(isSelectable);
  if (selectable.length === 0) return { checked: false, disabled: true };
  const picked = selectable.filter((row) => selection.has(row.uuid)).length;
  return { checked: picked === 0 ? false : picked === selectable.length ? true : "indeterminate", disabled: false };
}

/** The header box pressed: all selectable rows of the page in, or (when all were in) out. */
export function togglePage(selection: Selection, rows: readonly DetectedDevice[]): Selection {
  const selectable = rows.filter(isSelectable);
  const all = selectable.length > 0 && selectable.every((row) => selection.has(row.uuid));
  const next = new Map(selection);
  for (const row of selectable) {
    if (all) next.delete(row.uuid);
    else next.set(row.uuid, row);
  }
  return next;
}

/** A fresh page of the listing: picked rows it shows are updated, and dropped once no longer selectable. */
export function syncSelection(selection: Selection, rows: readonly DetectedDevice[]): Selection {
  let next: Map<string, DetectedDevice> | null = null;
  for (const row of rows) {
    const held = selection.get(row.uuid);
    if (!held || held === row) continue;
    next ??= new Map(selection);
    if (isSelectable(row)) next.set(row.uuid, row);
    else next.delete(row.uuid);
  }
  return next ?? selection;
}

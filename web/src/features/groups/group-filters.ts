import "@/lib/i18n/locales/en-assets";
import type { LocationGroupQuery } from "@contracts/location-groups/schema";
import type { MessageKey } from "@/lib/i18n";

export type GroupOrdering = NonNullable<LocationGroupQuery["ordering"]>;

/** console.md §2.9: Time Added, Active Status, Time Modified, either direction. */
export const GROUP_SORTS: ReadonlyArray<{ value: GroupOrdering; label: MessageKey }> = [
  { value: "-created_at", label: "groups.sort.addedNewest" },
  { value: "created_at", label: "groups.sort.addedOldest" },
  { value: "-active", label: "groups.sort.activeFirst" },
  { value: "active", label: "groups.sort.inactiveFirst" },
  { value: "-updated_at", label: "groups.sort.modifiedNewest" },
  { value: "updated_at", label: "groups.sort.modifiedOldest" },
];

export const groupSort = (value: string): GroupOrdering =>
  GROUP_SORTS.find((sort) => sort.value === value)?.value ?? "-created_at";

import type { DeviceBulkInput } from "@contracts/bulk/schema";
import type { DeviceFilters } from "../queries";

/** The list's filters as the bulk body carries them: the query string's values (booleans as "true"/"false"). */
export function bulkFilterOf(filters: DeviceFilters): DeviceBulkInput["filter"] {
  const { ordering: _ordering, ...rest } = filters;
  return Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => value !== undefined && value !== "")
      .map(([key, value]) => [key, typeof value === "boolean" ? String(value) : value]),
  ) as DeviceBulkInput["filter"];
}

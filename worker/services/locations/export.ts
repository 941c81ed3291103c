import type { LocationListQuery } from "../../../contracts/locations/schema.ts";
import { readInBatches } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { type CsvCell, toCsv } from "../kernel/csv.ts";
import { locationRows, locationWhere, toLocations } from "./queries.ts";

const BATCH = 200;
const HEADER = [
  "name",
  "display_id",
  "type",
  "country",
  "city",
  "address",
  "zip_code",
  "timezone",
  "online_status",
  "total_number",
  "tags",
  "created_at",
];

/**
 * GET /space/{space}/location/items/export/: every location matching the list's filters, in its
 * ordering, across all pages (read in batches so totals and tags stay one query per batch).
 */
export async function exportLocations({
  ctx,
  input,
}: ServiceArgs<Omit<LocationListQuery, "page" | "page_size">>): Promise<string> {
  const where = locationWhere(ctx, input);
  const locations = await readInBatches(BATCH, async (window) =>
    toLocations(ctx, await locationRows(ctx, where, input.ordering, window)),
  );
  const rows = locations.map((l): CsvCell[] => [
    l.name,
    l.display_id,
    l.location_type_name,
    l.country_name,
    l.city,
    l.address,
    l.zip_code,
    l.timezone,
    l.online_status,
    l.total_number,
    l.tags.map((t) => t.name).join(", "),
    l.created_at,
  ]);
  return toCsv(HEADER, rows);
}

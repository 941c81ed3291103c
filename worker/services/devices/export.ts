import type { DeviceListQuery } from "../../../contracts/device.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { type CsvCell, toCsv } from "../kernel/csv.ts";
import { parseOrdering, planDeviceWhere } from "./filters.ts";
import { keyValueOf, seek } from "./keyset.ts";
import { type ReadCtx, toDevices } from "./rows.ts";

const BATCH = 500;
const HEADER = [
  "name",
  "uuid",
  "description",
  "device_type",
  "device_category",
  "device_class",
  "connected_status",
  "online",
  "enabled",
  "location",
  "tags",
  "created_at",
  "installation_date",
  "last_seen",
];

/**
 * GET /space/{space}/asset/items/export/ (devices_export.csv): every device matching the list's
 * filters, in its ordering, read in keyset batches (each batch one seek, tags one query).
 */
export async function exportDevices({
  ctx,
  input,
}: ServiceArgs<Omit<DeviceListQuery, "page" | "page_size" | "cursor">, ReadCtx>): Promise<string> {
  const { where } = await planDeviceWhere(ctx, input);
  const { descending } = parseOrdering(input.ordering);
  const out: CsvCell[][] = [];
  let after: { v: string | number | null; u: string } | null = null;
  for (;;) {
    const rows = await seek(ctx, {
      where,
      ordering: input.ordering,
      descending,
      after,
      limit: BATCH,
      byLocation: Boolean(input.location_uuid),
    });
    for (const device of await toDevices(ctx, rows)) {
      out.push([
        device.name,
        device.uuid,
        device.description,
        device.device_type_name,
        device.device_category_name,
        device.device_class,
        device.connected_status,
        device.online,
        device.enabled,
        device.location_name,
        device.tags.map((t) => t.name).join(", "),
        device.created_at,
        device.installation_date,
        device.last_seen,
      ]);
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = { v: keyValueOf(last, input.ordering), u: last.uuid };
  }
  return toCsv(HEADER, out);
}

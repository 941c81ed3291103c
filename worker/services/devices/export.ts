import type { DeviceListQuery } from "../../../contracts/devices/schema.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { type CsvCell, csvCell } from "../kernel/csv.ts";
import { parseOrdering, planDeviceWhere } from "./filters.ts";
import { type After, afterRow, seek } from "./keyset.ts";
import type { ReadCtx } from "./rows.ts";
import { toDevices } from "./to-devices.ts";

/** Rows read per keyset batch (one seek, then tags/totals/hours of the batch in one query each). */
export const EXPORT_BATCH = 1000;
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

type ExportQuery = Omit<DeviceListQuery, "page" | "page_size" | "cursor">;
const line = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * GET /space/{space}/asset/items/export/ and /device/items/export/ (devices_export.csv): every
 * device matching the list's filters, in its ordering, as a stream. The WHERE is planned before
 * the reply starts (a bad request still answers 400); then each pull reads one keyset batch of
 * EXPORT_BATCH rows and sends it as CSV lines, so 100 000 devices are never held at once and the
 * first bytes leave at once. The document is toCsv's: a UTF-8 byte order mark, the header row,
 * CRLF line ends.
 */
export async function exportDevices({
  ctx,
  input,
}: ServiceArgs<ExportQuery, ReadCtx>): Promise<ReadableStream<Uint8Array>> {
  const { where, few } = await planDeviceWhere(ctx, input);
  const { descending } = parseOrdering(input.ordering);
  const byLocation = Boolean(input.location_uuid);
  const encoder = new TextEncoder();
  let after: After | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${line(HEADER)}`));
    },
    async pull(controller) {
      if (done) return;
      const rows = await seek(ctx, {
        where,
        ordering: input.ordering,
        descending,
        after,
        limit: EXPORT_BATCH,
        byLocation,
        few,
        extras: false,
      });
      let text = "";
      for (const device of await toDevices(ctx, rows)) {
        text += line([
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
      if (text) controller.enqueue(encoder.encode(text));
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) {
        done = true;
        controller.close();
        return;
      }
      after = afterRow(last, input.ordering);
    },
  });
}

import { asc, count, eq } from "drizzle-orm";
import { displayApplicationTable as da, deviceTable, displayTable, spaceTable } from "../../../drizzle/schema/index.ts";
import { inList } from "../kernel/scope.ts";
import type { AdminCtx } from "./ctx.ts";

/** At most this many displays are named in a refusal; the count says how many there are. */
export const NAMED_DISPLAYS = 10;

// Applications are global: these read display_application across every space on purpose (the
// caller is a super admin or system developer), so they do not go through inSpace.

/** How many displays show each of these applications (uuid → count; absent = none). */
export async function displayCounts(ctx: AdminCtx, applicationUuids: readonly string[]) {
  if (applicationUuids.length === 0) return new Map<string, number>();
  const rows = await ctx.db
    .select({ uuid: da.application_uuid, displays: count() })
    .from(da)
    .where(inList(da.application_uuid, applicationUuids))
    .groupBy(da.application_uuid);
  return new Map(rows.map((row) => [row.uuid, row.displays]));
}

/** A display as a person reads it: "HDMI-1 on Kiosk 12 (Outpost Demo)" (the part of the display name before @). */
const displayLabel = (row: { display: string; device: string; space: string }) =>
  `${row.display.split("@")[0] || row.display} on ${row.device} (${row.space})`;

/** The displays that show an application (named, at most NAMED_DISPLAYS) and how many there are. */
export async function displaysShowing(ctx: AdminCtx, applicationUuid: string) {
  const where = eq(da.application_uuid, applicationUuid);
  const [rows, total] = await Promise.all([
    ctx.db
      .select({ display: displayTable.name, device: deviceTable.name, space: spaceTable.space_name })
      .from(da)
      .innerJoin(displayTable, eq(displayTable.uuid, da.display_uuid))
      .innerJoin(deviceTable, eq(deviceTable.uuid, displayTable.device_uuid))
      .innerJoin(spaceTable, eq(spaceTable.space_uuid, da.space_uuid))
      .where(where)
      .orderBy(asc(spaceTable.space_name), asc(deviceTable.name), asc(displayTable.name))
      .limit(NAMED_DISPLAYS),
    ctx.db.select({ n: count() }).from(da).where(where).get(),
  ]);
  return { names: rows.map(displayLabel), count: total?.n ?? 0 };
}

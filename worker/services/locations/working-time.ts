import { and, asc, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  DAY_KEYS,
  type DayKey,
  dayKey,
  type TimeEntry,
  WEEKDAYS,
  type WorkingTime,
  type WorkingTimeInput,
} from "../../../contracts/locations/working-time.ts";
import { locationTable, spaceTable, workingTimeTable as w } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { forgetCallers } from "../access/caller-cache.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { auditChange, chunksFor, inSpace } from "../kernel/scope.ts";
import { announceLocations } from "./events.ts";
import { requireLocationRow } from "./queries.ts";

/** The space's global schedule (location null) or a location's own. */
const ownedBy = (ctx: SpaceCtx, locationUuid: string | null) =>
  inSpace(ctx, w, locationUuid ? eq(w.location_uuid, locationUuid) : isNull(w.location_uuid));

/** The seven days of a schedule (index working_time(space_uuid, location_uuid, day, position)). */
export async function readSchedule(ctx: SpaceCtx, locationUuid: string | null): Promise<Record<DayKey, TimeEntry[]>> {
  const rows = await ctx.db.select().from(w).where(ownedBy(ctx, locationUuid)).orderBy(asc(w.day), asc(w.position));
  const days = Object.fromEntries(DAY_KEYS.map((key) => [key, [] as TimeEntry[]])) as Record<DayKey, TimeEntry[]>;
  for (const row of rows) days[dayKey(row.day)].push({ start: row.start, end: row.end });
  return days;
}

/** Statements that replace each day the input carries (days left out stay), entries in start order. */
export function scheduleWrites(ctx: SpaceCtx, locationUuid: string | null, input: WorkingTimeInput) {
  const writes: BatchItem<"sqlite">[] = [];
  for (const day of WEEKDAYS) {
    const entries = input[dayKey(day)];
    if (!entries) continue;
    writes.push(ctx.db.delete(w).where(and(ownedBy(ctx, locationUuid), eq(w.day, day))));
    const rows = [...entries]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((e, position) => ({
        uuid: crypto.randomUUID(),
        space_uuid: ctx.space.space_uuid,
        location_uuid: locationUuid,
        day,
        position,
        start: e.start,
        end: e.end,
      }));
    for (const chunk of chunksFor(rows, 7)) writes.push(ctx.db.insert(w).values(chunk));
  }
  return writes;
}

/** True when the input carries at least one day. */
export const hasSchedule = (input: WorkingTimeInput) => DAY_KEYS.some((key) => input[key] !== undefined);

/** GET /space/{space}/working-time/. */
export const getGlobalWorkingTime = async ({ ctx }: { ctx: SpaceCtx }): Promise<WorkingTime> => ({
  ...(await readSchedule(ctx, null)),
  global_working_time_enabled: ctx.space.global_working_time_enabled,
});

/** PATCH /space/{space}/working-time/ (Admin): saving the global schedule enables it. */
export async function saveGlobalWorkingTime({ ctx, input }: ServiceArgs<WorkingTimeInput>) {
  const before = await getGlobalWorkingTime({ ctx });
  await ctx.db.batch([
    auditChange(ctx, {
      action: "working_time.update",
      entityType: "space",
      entityUuid: ctx.space.space_uuid,
      before,
      after: input,
    }),
    ...scheduleWrites(ctx, null, input),
    ctx.db
      .update(spaceTable)
      .set({ global_working_time_enabled: true })
      .where(eq(spaceTable.space_uuid, ctx.space.space_uuid)),
  ]);
  forgetCallers({ space_uuid: ctx.space.space_uuid });
  return { ...(await readSchedule(ctx, null)), global_working_time_enabled: true } satisfies WorkingTime;
}

/** GET /space/{space}/location/{loc}/working-time/: the location's own schedule and its flag. */
export async function getLocationWorkingTime({ ctx, input }: ServiceArgs<{ location_uuid: string }>) {
  const location = await requireLocationRow(ctx, input.location_uuid);
  const days = await readSchedule(ctx, location.uuid);
  return { ...days, global_working_time_enabled: location.global_working_time_enabled } satisfies WorkingTime;
}

/**
 * PATCH /space/{space}/location/{loc}/working-time/: saving a local schedule switches the location
 * to it (global_working_time_enabled false) unless the body says the global schedule applies.
 */
export async function saveLocationWorkingTime({
  ctx,
  input,
  defer,
}: WriteArgs<WorkingTimeInput & { location_uuid: string }>) {
  const { location_uuid, ...schedule } = input;
  const location = await requireLocationRow(ctx, location_uuid);
  const enabled = schedule.global_working_time_enabled ?? false;
  await ctx.db.batch([
    auditChange(ctx, {
      action: "location.working_time.update",
      entityType: "location",
      entityUuid: location.uuid,
      before: await readSchedule(ctx, location.uuid),
      after: schedule,
    }),
    ...scheduleWrites(ctx, location.uuid, schedule),
    ctx.db
      .update(locationTable)
      .set({ global_working_time_enabled: enabled })
      .where(inSpace(ctx, locationTable, eq(locationTable.uuid, location.uuid))),
  ]);
  announceLocations(ctx, defer, "locationUpdated", [location]);
  return { ...(await readSchedule(ctx, location.uuid)), global_working_time_enabled: enabled } satisfies WorkingTime;
}

import { and, asc, desc, eq, gte } from "drizzle-orm";
import type { DeviceAuditList, DeviceAvailability } from "../../../contracts/device-detail.ts";
import type { PageQuery } from "../../../contracts/paging.ts";
import { auditLogTable as a, deviceAvailabilityTable as av, userTable } from "../../../drizzle/schema/index.ts";
import { readPage } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";
import { requireDevice } from "./detail.ts";
import type { ReadCtx } from "./rows.ts";

/**
 * GET /space/{space}/device/{uuid}/audit/items/ (the Logs tab): the device's audit entries,
 * newest first (index audit_log(entity_uuid, created_at)); the actor is a user or the device's agent.
 */
export async function listDeviceAudit({
  ctx,
  input,
}: ServiceArgs<PageQuery & { uuid: string; url: string }, ReadCtx>): Promise<DeviceAuditList> {
  const device = await requireDevice(ctx, input.uuid);
  const where = and(eq(a.entity_uuid, device.uuid), inSpace(ctx, a));
  const { rows, info } = await readPage(ctx, input, { table: a, where }, ({ limit, offset }) =>
    ctx.db
      .select({
        uuid: a.uuid,
        action: a.action,
        actor_display_name: userTable.display_name,
        actor_device_uuid: a.actor_device_uuid,
        created_at: a.created_at,
        before: a.before,
        after: a.after,
      })
      .from(a)
      .leftJoin(userTable, eq(userTable.uuid, a.actor_user_uuid))
      .where(where)
      .orderBy(desc(a.created_at), desc(a.uuid))
      .limit(limit)
      .offset(offset),
  );
  const entries = rows.map(({ actor_device_uuid, ...row }) => ({
    ...row,
    actor_display_name: row.actor_display_name ?? (actor_device_uuid ? device.name : null),
  }));
  return { entries, ...info };
}

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * GET /space/{space}/device/{uuid}/availability/?days= (the Reports tab): seconds online per UTC
 * day for the last `days` days up to today, oldest first, 0 for days without a record.
 */
export async function getDeviceAvailability({
  ctx,
  input,
}: ServiceArgs<{ uuid: string; days: number }, ReadCtx>): Promise<DeviceAvailability> {
  const device = await requireDevice(ctx, input.uuid);
  const today = Date.now();
  const days = Array.from({ length: input.days }, (_, i) => utcDay(today - (input.days - 1 - i) * DAY_MS));
  const rows = await ctx.db
    .select({ day: av.day, online_seconds: av.online_seconds })
    .from(av)
    .where(inSpace(ctx, av, eq(av.device_uuid, device.uuid), gte(av.day, days[0])))
    .orderBy(asc(av.day));
  const seconds = new Map(rows.map((r) => [r.day, r.online_seconds]));
  return { days: days.map((day) => ({ day, online_seconds: seconds.get(day) ?? 0 })) };
}

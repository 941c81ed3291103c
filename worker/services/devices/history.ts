import { and, asc, eq, gte } from "drizzle-orm";
import type { DeviceAuditList, DeviceAvailability } from "../../../contracts/device-detail.ts";
import type { PageQuery } from "../../../contracts/paging.ts";
import { auditLogTable as a, deviceAvailabilityTable as av } from "../../../drizzle/schema/index.ts";
import { pageFrom } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { auditPageReads } from "../kernel/audit.ts";
import { inSpace } from "../kernel/scope.ts";
import { deviceWith } from "./detail.ts";
import type { ReadCtx } from "./rows.ts";

/**
 * GET /space/{space}/device/{uuid}/audit/items/ (the Logs tab): the device's audit entries,
 * newest first (index audit_log(entity_uuid, created_at)); the actor is a user or the device's agent.
 */
export async function listDeviceAudit({
  ctx,
  input,
}: ServiceArgs<PageQuery & { uuid: string; url: string }, ReadCtx>): Promise<DeviceAuditList> {
  const where = and(eq(a.entity_uuid, input.uuid), inSpace(ctx, a));
  const { device, results } = await deviceWith(ctx, input.uuid, auditPageReads(ctx, input, where));
  const { rows, info } = pageFrom(input, results);
  const entries = rows.map((row) => ({
    uuid: row.uuid,
    action: row.action,
    actor_display_name: row.actor_display_name ?? (row.actor_device_uuid ? device.name : null),
    created_at: row.created_at,
    before: row.before,
    after: row.after,
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
  const today = Date.now();
  const days = Array.from({ length: input.days }, (_, i) => utcDay(today - (input.days - 1 - i) * DAY_MS));
  const {
    results: [rows],
  } = await deviceWith(ctx, input.uuid, [
    ctx.db
      .select({ day: av.day, online_seconds: av.online_seconds })
      .from(av)
      .where(inSpace(ctx, av, eq(av.device_uuid, input.uuid), gte(av.day, days[0])))
      .orderBy(asc(av.day)),
  ]);
  const seconds = new Map(rows.map((r) => [r.day, r.online_seconds]));
  return { days: days.map((day) => ({ day, online_seconds: seconds.get(day) ?? 0 })) };
}

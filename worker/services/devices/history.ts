import { and, desc, eq } from "drizzle-orm";
import {
  type DeviceAuditList,
  type DeviceAvailability,
  MAX_LISTED_OUTAGES,
} from "../../../contracts/devices/detail.ts";
import type { PageQuery } from "../../../contracts/http/paging.ts";
import { auditLogTable as a, deviceOutageTable as o } from "../../../drizzle/schema/index.ts";
import { pageFrom } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { auditPageReads } from "../kernel/audit.ts";
import { inSpace } from "../kernel/scope.ts";
import { historyFromRows, outagesSince } from "../monitoring/availability.ts";
import { locationAvailableSeconds } from "../monitoring/availability-math.ts";
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
 * day for the last `days` days up to today, oldest first, counted exactly from the device's
 * outages by the wall's own function (availability-math.ts, each day as the working time); and
 * the outages that touch those days, newest first, with their causes.
 */
export async function getDeviceAvailability({
  ctx,
  input,
  now = Date.now(),
}: ServiceArgs<{ uuid: string; days: number }, ReadCtx> & { now?: number }): Promise<DeviceAvailability> {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const from = today - (input.days - 1) * DAY_MS;
  const {
    device,
    results: [rows],
  } = await deviceWith(ctx, input.uuid, [
    ctx.db
      .select({ started_at: o.started_at, ended_at: o.ended_at, cause: o.cause })
      .from(o)
      .where(inSpace(ctx, o, eq(o.device_uuid, input.uuid), outagesSince(new Date(from).toISOString())))
      .orderBy(desc(o.started_at)),
  ]);
  const history = historyFromRows(device, rows);
  const days = Array.from({ length: input.days }, (_, i) => {
    const start = from + i * DAY_MS;
    const { available_seconds } = locationAvailableSeconds([[start, Math.min(start + DAY_MS, now)]], [history]);
    return { day: utcDay(start), online_seconds: available_seconds };
  });
  return { days, outages: rows.slice(0, MAX_LISTED_OUTAGES) };
}

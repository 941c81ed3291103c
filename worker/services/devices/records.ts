import { eq, sql } from "drizzle-orm";
import type { Outcome } from "../../../contracts/commands.ts";
import type { AgentInventory } from "../../../contracts/installation.ts";
import type { CommandAction, Telemetry } from "../../../contracts/realtime.ts";
import { nextVision } from "../../../contracts/vision.ts";
import { deviceTable as d, devicePeripheralConditionTable as dpc } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import { auditInsert } from "../kernel/audit.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { conditionsOf, samePeripheralConditions } from "../monitoring/conditions.ts";

/*
 * The DeviceRoom's writes to the catalogue (D1): the inventory of each hello, the latest telemetry
 * (throttled by the room), command audits and vision acknowledgements; presence transitions are
 * in presence.ts.
 */

/** A room's clock (ms) as the ISO text D1 stores. */
export const iso = (ms: number) => new Date(ms).toISOString();
/**
 * Presence and telemetry are not edits: they keep updated_at (drizzle's $onUpdateFn would bump
 * it), so the "edited" list (-updated_at) shows what people changed, not who reconnected.
 */
export const keepUpdatedAt = { updated_at: sql.raw('"updated_at"') };

/** Tells the space's dashboards what a room write changed (a failed publish is only logged). */
export async function announceFromRoom(
  env: Env,
  space_uuid: string,
  device_uuid: string,
  name: string,
  event: "deviceOnline" | "deviceOffline" | "deviceInstalled" | "deviceUpdated",
  data?: Record<string, unknown>,
) {
  try {
    await publishToSpace(env, space_uuid, {
      type: "deviceDetailsUpdate",
      event,
      space_uuid,
      device_uuid,
      device_name: name,
      ...(data ? { data } : {}),
    });
  } catch (error) {
    console.error("device presence publish failed", error);
  }
}

/** The device columns a hello sets (only what the agent sent; device_type is the enrolment's). */
export async function recordInventory(
  env: Env,
  device_uuid: string,
  hello: { machine_id?: string | null; inventory: AgentInventory },
) {
  const { device_type: _type, ...inventory } = hello.inventory;
  const set: Partial<typeof d.$inferInsert> = Object.fromEntries(
    Object.entries(inventory).filter(([, v]) => v !== undefined),
  );
  if (hello.machine_id) set.machine_id = hello.machine_id;
  if (Object.keys(set).length === 0) return;
  await createDb(env).update(d).set(set).where(eq(d.uuid, device_uuid));
}

/**
 * Latest telemetry and the monitoring columns derived from it (worker/services/monitoring/conditions.ts),
 * plus the device's worst condition per monitored peripheral type, rewritten in the same batch
 * only when it changed.
 */
export async function recordTelemetry(env: Env, device_uuid: string, telemetry: Telemetry, now: number) {
  const db = createDb(env);
  const [device, stored] = await db.batch([
    db.select({ space: d.space_uuid }).from(d).where(eq(d.uuid, device_uuid)),
    db.select({ type: dpc.type, condition: dpc.condition }).from(dpc).where(eq(dpc.device_uuid, device_uuid)),
  ]);
  const space = device[0]?.space;
  if (!space) return;
  const { columns, peripherals } = conditionsOf(telemetry);
  const update = db
    .update(d)
    .set({
      latest_telemetry: telemetry,
      telemetry_updated_at: iso(now),
      ...columns,
      ...keepUpdatedAt,
    })
    .where(eq(d.uuid, device_uuid));
  if (samePeripheralConditions(stored, peripherals)) {
    await update;
    return;
  }
  const clear = db.delete(dpc).where(eq(dpc.device_uuid, device_uuid));
  const rows = peripherals.map((p) => ({ space_uuid: space, device_uuid, ...p }));
  await (rows.length ? db.batch([update, clear, db.insert(dpc).values(rows)]) : db.batch([update, clear]));
}

export async function auditCommand(
  env: Env,
  entry: { space_uuid: string; device_uuid: string; user_uuid: string | null; id: string; action: CommandAction },
  outcome: Outcome,
) {
  await auditInsert(createDb(env), {
    spaceUuid: entry.space_uuid,
    actorUserUuid: entry.user_uuid,
    action: `device.command.${entry.action}`,
    entityType: "device",
    entityUuid: entry.device_uuid,
    after: { id: entry.id, status: outcome.status, ...("error" in outcome ? { error: outcome.error } : {}) },
  });
}

/** The agent's "message received" of a vision toggle: *_requested → *_pending (devices.md §4). */
export async function recordVisionReceived(env: Env, device_uuid: string) {
  const db = createDb(env);
  const row = await db
    .select({ vision: d.vision_enabled, space: d.space_uuid, name: d.name })
    .from(d)
    .where(eq(d.uuid, device_uuid))
    .get();
  if (!row) return;
  const next = nextVision(row.vision, { type: "received" });
  if (!next || next === row.vision) return;
  await db.update(d).set({ vision_enabled: next }).where(eq(d.uuid, device_uuid));
  await announceFromRoom(env, row.space, device_uuid, row.name, "deviceUpdated");
}

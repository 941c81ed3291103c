import { eq, sql } from "drizzle-orm";
import { isVisionBusy } from "../../../contracts/cameras/vision.ts";
import { DEVICE_HEADINGS } from "../../../contracts/devices/health.ts";
import type { AgentInventory } from "../../../contracts/installation/schema.ts";
import type {
  AgentSettings,
  DeviceChangeData,
  DevicePresenceData,
  Telemetry,
} from "../../../contracts/realtime/events.ts";
import { deviceTable as d } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { createDb, type Db } from "../../lib/db.ts";
import { alertSignal } from "../alerting/signal.ts";
import { auditInsert } from "../kernel/audit.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { conditionsOf, type PeripheralCondition, samePeripheralConditions } from "../monitoring/conditions.ts";
import { gatherHello, gatherTelemetry, type HelloRow } from "./presence-batch.ts";

/*
 * The DeviceRoom's writes to the catalogue (D1): the inventory of each hello and the latest
 * telemetry (throttled by the room); presence transitions are in presence.ts, command audits,
 * command answers and vision acknowledgements in command-answers.ts.
 */

/** A room's clock (ms) as the ISO text D1 stores. */
export const iso = (ms: number) => new Date(ms).toISOString();
/**
 * Presence and telemetry are not edits: they keep updated_at (drizzle's $onUpdateFn would bump
 * it), so the "edited" list (-updated_at) shows what people changed, not who reconnected.
 */
export const keepUpdatedAt = { updated_at: sql.raw('"updated_at"') };

/** What a room write changed, with the data its event carries (contracts/realtime/events.ts). */
export type RoomDeviceChange =
  | { event: "deviceOnline" | "deviceOffline"; data: DevicePresenceData }
  | { event: "deviceUpdated"; data?: DeviceChangeData }
  | { event: "deviceInstalled" };

/** Tells the space's dashboards what a room write changed (a failed publish is only logged). */
export async function announceFromRoom(
  env: Env,
  space_uuid: string,
  device_uuid: string,
  name: string,
  change: RoomDeviceChange,
) {
  try {
    await publishToSpace(env, space_uuid, {
      type: "deviceDetailsUpdate",
      space_uuid,
      device_uuid,
      device_name: name,
      ...change,
    });
  } catch (error) {
    console.error("device presence publish failed", error);
  }
}

/**
 * The device columns a hello sets (only what the agent sent; device_type is the enrolment's),
 * and the settings the agent reports it keeps (the console shows the device's truth).
 * Written with the other hellos of this isolate in one statement (hello-write.ts), which also
 * returns the settings the catalogue holds; only settings that differ cost more writes.
 * Answers the written row (undefined when nothing was written, or the device is archived).
 */
export async function recordInventory(
  env: Env,
  device_uuid: string,
  hello: { machine_id?: string | null; inventory: AgentInventory; settings?: AgentSettings },
): Promise<HelloRow | undefined> {
  const sent = Object.entries(hello.inventory).some(([k, v]) => k !== "device_type" && v !== undefined);
  if (!sent && !hello.machine_id && !hello.settings) return undefined;
  const row = await gatherHello({ env, device_uuid, machine_id: hello.machine_id, inventory: hello.inventory });
  if (row && hello.settings) await recordReportedSettings(env, createDb(env), device_uuid, row, hello.settings);
  return row;
}

/** A device's space, name and the settings the catalogue holds for it. */
const settingsQuery = (db: Db, device_uuid: string) =>
  db
    .select({
      space: d.space_uuid,
      name: d.name,
      enabled: d.enabled,
      debug_mode: d.debug_mode,
      vision: d.vision_enabled,
    })
    .from(d)
    .where(eq(d.uuid, device_uuid));
export const settingsOf = (db: Db, device_uuid: string) => settingsQuery(db, device_uuid).get();
type CatalogueSettings = NonNullable<Awaited<ReturnType<typeof settingsOf>>>;

/**
 * Settings an agent reports on hello that differ from the catalogue's are written and audited
 * (no actor: the device said so), and the space is told. Vision is left alone while a toggle is
 * in progress (its own answer ends it).
 */
async function recordReportedSettings(
  env: Env,
  db: Db,
  device_uuid: string,
  row: CatalogueSettings,
  settings: AgentSettings,
) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (row.enabled !== settings.enabled) [before.enabled, after.enabled] = [row.enabled, settings.enabled];
  if (row.debug_mode !== settings.debug_mode)
    [before.debug_mode, after.debug_mode] = [row.debug_mode, settings.debug_mode];
  const vision = settings.vision ? "enabled" : "disabled";
  if (!isVisionBusy(row.vision) && row.vision !== vision)
    [before.vision_enabled, after.vision_enabled] = [row.vision, vision];
  if (Object.keys(after).length === 0) return;
  await db.batch([
    db
      .update(d)
      .set({ ...(after as Partial<typeof d.$inferInsert>), updated_at: new Date().toISOString() })
      .where(eq(d.uuid, device_uuid)),
    auditInsert(db, {
      spaceUuid: row.space,
      actorUserUuid: null,
      action: "device.settings_reported",
      entityType: "device",
      entityUuid: device_uuid,
      before,
      after,
    }),
  ]);
  await announceFromRoom(env, row.space, device_uuid, row.name, { event: "deviceUpdated" });
}

/**
 * Latest telemetry and the monitoring columns derived from it (worker/services/monitoring/conditions.ts),
 * plus the device's worst condition per monitored peripheral type, rewritten only when it changed.
 * Written with the other rooms' of this isolate in one D1 batch of five statements
 * (telemetry-write.ts writeTelemetry): a reconnect wave's first reports cost a fraction of a
 * statement each. A peripheral type that just turned critical is news for the space.
 */
export async function recordTelemetry(env: Env, device_uuid: string, telemetry: Telemetry, now: number) {
  const { columns, peripherals } = conditionsOf(telemetry);
  const row = await gatherTelemetry({ env, device_uuid, telemetry, at: iso(now), columns, peripherals });
  // Alerting hears every graded sample that reaches D1 (a health change, or 15 minutes on).
  if (row?.location) {
    const health: Record<string, number> = {};
    for (const h of DEVICE_HEADINGS) {
      const code = (columns as Record<string, unknown>)[h.column];
      if (typeof code === "number") health[h.key] = code;
    }
    for (const p of peripherals) health[p.type] = p.condition;
    await alertSignal(env, { space_uuid: row.space, location_uuid: row.location, device_uuid, name: row.name, health });
  }
  if (!row || samePeripheralConditions(row.stored as PeripheralCondition[], peripherals)) return;
  // A peripheral type that just turned critical is news for the space (the NOC wall's ticker).
  const critical = peripherals.filter(
    (p) => p.condition === 3 && !row.stored.some((s) => s.type === p.type && s.condition === 3),
  );
  if (critical.length) {
    await announceFromRoom(env, row.space, device_uuid, row.name, {
      event: "deviceUpdated",
      data: {
        location_uuid: row.location,
        critical_peripherals: critical.map((p) => p.type),
      },
    });
  }
}

import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isVisionBusy, nextVision } from "../../../contracts/cameras/vision.ts";
import { DEVICE_HEADINGS } from "../../../contracts/devices/health.ts";
import type { AgentInventory } from "../../../contracts/installation/schema.ts";
import type {
  AgentSettings,
  CommandAction,
  DeviceChangeData,
  DevicePresenceData,
  Telemetry,
} from "../../../contracts/realtime/events.ts";
import { deviceTable as d, peripheralTable as p } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { batchAll, createDb, type Db } from "../../lib/db.ts";
import { alertSignal } from "../alerting/signal.ts";
import { auditInsert } from "../kernel/audit.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { conditionsOf, type PeripheralCondition, samePeripheralConditions } from "../monitoring/conditions.ts";
import { gatherHello, gatherTelemetry } from "./presence-batch.ts";

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
 * Written with the other hellos of this isolate in one statement (presence-batch.ts), which also
 * returns the settings the catalogue holds; only settings that differ cost more writes.
 */
export async function recordInventory(
  env: Env,
  device_uuid: string,
  hello: { machine_id?: string | null; inventory: AgentInventory; settings?: AgentSettings },
) {
  const sent = Object.entries(hello.inventory).some(([k, v]) => k !== "device_type" && v !== undefined);
  if (!sent && !hello.machine_id && !hello.settings) return;
  const row = await gatherHello({ env, device_uuid, machine_id: hello.machine_id, inventory: hello.inventory });
  if (row && hello.settings) await recordReportedSettings(env, createDb(env), device_uuid, row, hello.settings);
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
const settingsOf = (db: Db, device_uuid: string) => settingsQuery(db, device_uuid).get();
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
 * (presence-batch.ts writeTelemetry): a reconnect wave's first reports cost a fraction of a
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

type CommandEntry = {
  space_uuid: string;
  device_uuid: string;
  user_uuid: string | null;
  id: string;
  action: CommandAction;
};

/**
 * A command's step in the audit trail: a direct command's answer (succeeded, failed,
 * timed_out, unavailable, in_doubt when the API answered outcome_unknown) and then, when a late
 * answer arrives, "succeeded late" / "failed late"; a queued command when it is queued and when
 * it ends (succeeded, failed, expired, cancelled, superseded). A DeviceRoom's steps come in
 * batches, in order, and go to D1 in one batch.
 */
export async function auditCommandStatuses(
  env: Env,
  entries: readonly { entry: CommandEntry; status: string; error?: string }[],
) {
  const db = createDb(env);
  const inserts = entries.map(({ entry, status, error }) =>
    auditInsert(db, {
      spaceUuid: entry.space_uuid,
      actorUserUuid: entry.user_uuid,
      action: `device.command.${entry.action}`,
      entityType: "device",
      entityUuid: entry.device_uuid,
      after: { id: entry.id, status, ...(error !== undefined ? { error } : {}) },
    }),
  );
  await batchAll(db, inserts);
}

/** A setting command's answer, as recordSettingAnswers reads it. */
export type SettingAnswer = {
  action: CommandAction;
  params: Record<string, unknown>;
  state: string;
  user_uuid: string | null;
};

/**
 * Settings answered with no API call waiting to record them (late answers after
 * outcome_unknown, or queued commands), in the order the agent answered: the catalogue records
 * what the agent did, as the API would have. A success of set-enabled / set-debug /
 * set-peripheral-enabled is written (and audited like the PATCH); an answer of set-vision ends
 * the vision state a toggle left pending (or, queued, sets it). One read and one D1 batch for
 * them all, so answers of one device never race each other (a queued on, off, on ends on).
 */
export async function recordSettingAnswers(env: Env, device_uuid: string, answers: readonly SettingAnswer[]) {
  const db = createDb(env);
  const row = await settingsOf(db, device_uuid);
  if (!row) return;
  const now = new Date().toISOString();
  const writes: BatchItem<"sqlite">[] = [];
  const state = { enabled: row.enabled, debug_mode: row.debug_mode, vision: row.vision };
  for (const command of answers) {
    const ok = command.state === "succeeded";
    const audit = (action: string, before: unknown, after: unknown) =>
      auditInsert(db, {
        spaceUuid: row.space,
        actorUserUuid: command.user_uuid,
        action,
        entityType: "device",
        entityUuid: device_uuid,
        before,
        after,
      });
    const value = (key: string) => (typeof command.params[key] === "boolean" ? (command.params[key] as boolean) : null);
    if (command.action === "set-enabled" || command.action === "set-debug") {
      const column = command.action === "set-enabled" ? "enabled" : "debug_mode";
      const wanted = value(column === "enabled" ? "enabled" : "debug_mode");
      if (!ok || wanted === null || state[column] === wanted) continue;
      writes.push(
        db
          .update(d)
          .set({ [column]: wanted, updated_at: now })
          .where(eq(d.uuid, device_uuid)),
        audit(`device.${column}`, { [column]: state[column] }, { [column]: wanted }),
      );
      state[column] = wanted;
    } else if (command.action === "set-peripheral-enabled") {
      const wanted = value("enabled");
      const peripheral = command.params.peripheral_uuid;
      if (!ok || wanted === null || typeof peripheral !== "string") continue;
      writes.push(
        db
          .update(p)
          .set({ enabled: wanted, updated_at: now })
          .where(and(eq(p.uuid, peripheral), eq(p.device_uuid, device_uuid))),
        audit(
          "device.peripheral_enabled",
          { peripheral_uuid: peripheral },
          { peripheral_uuid: peripheral, enabled: wanted },
        ),
      );
    } else if (command.action === "set-vision") {
      const wanted = value("enabled");
      const received = nextVision(state.vision, { type: "received" }) ?? state.vision;
      const target = wanted === null ? null : wanted ? "enabled" : "disabled";
      const final = !isVisionBusy(state.vision)
        ? ok
          ? target
          : null
        : ok
          ? nextVision(received, { type: "success" })
          : nextVision(received, { type: "error", previous: target === "enabled" ? "disabled" : "enabled" });
      if (!final || final === state.vision) continue;
      writes.push(
        db.update(d).set({ vision_enabled: final }).where(eq(d.uuid, device_uuid)),
        audit("device.vision_enabled", { vision_enabled: state.vision }, { vision_enabled: final }),
      );
      state.vision = final;
    }
  }
  if (!(await batchAll(db, writes))) return;
  await announceFromRoom(env, row.space, device_uuid, row.name, { event: "deviceUpdated" });
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
  await announceFromRoom(env, row.space, device_uuid, row.name, { event: "deviceUpdated" });
}

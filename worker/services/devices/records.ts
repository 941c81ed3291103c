import { and, eq, sql } from "drizzle-orm";
import type { Outcome } from "../../../contracts/commands.ts";
import type { AgentInventory } from "../../../contracts/installation.ts";
import { onlineSecondsPerDay } from "../../../contracts/presence.ts";
import type { CommandAction, Telemetry } from "../../../contracts/realtime.ts";
import { nextVision } from "../../../contracts/vision.ts";
import {
  deviceAvailabilityTable as avail,
  deviceTable as d,
  devicePeripheralConditionTable as dpc,
  locationTable as l,
} from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import { auditInsert } from "../kernel/audit.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { onlineStatus } from "../locations/totals.ts";
import { conditionsOf, samePeripheralConditions } from "../monitoring/conditions.ts";

/**
 * The DeviceRoom's writes to the catalogue (D1): one update per presence transition, the
 * inventory of each hello, the latest telemetry (throttled by the room) and command audits.
 */
const iso = (ms: number) => new Date(ms).toISOString();
/**
 * Presence and telemetry are not edits: they keep updated_at (drizzle's $onUpdateFn would bump
 * it), so the "edited" list (-updated_at) shows what people changed, not who reconnected.
 */
const keepUpdatedAt = { updated_at: sql.raw('"updated_at"') };

async function announce(
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

type Db = ReturnType<typeof createDb>;
const LOCATION_EVENT = {
  online: "locationOnline",
  partially_online: "locationPartiallyOnline",
  offline: "locationOffline",
} as const;

/** A location's online status (console.md §4: over its installed devices), with its name. */
async function locationStatus(db: Db, space: string, location: string | null) {
  if (!location) return null;
  const row = await db
    .select({
      name: l.name,
      connected: sql<number>`(select count(*) from ${d} where ${d.space_uuid} = ${space}
        and ${d.location_uuid} = ${location} and ${d.connected_status} = 'connected')`,
      online: sql<number>`(select count(*) from ${d} where ${d.space_uuid} = ${space}
        and ${d.location_uuid} = ${location} and ${d.connected_status} = 'connected' and ${d.online} = 1)`,
    })
    .from(l)
    .where(and(eq(l.uuid, location), eq(l.space_uuid, space)))
    .get();
  if (!row) return null;
  const totals = { total_connected_number: row.connected, total_online_number: row.online };
  return { name: row.name, status: onlineStatus(totals), ...totals };
}

/**
 * Runs a device's presence change and, when it moves its location between online, partially
 * online and offline, pushes locationOnline / locationPartiallyOnline / locationOffline on the
 * space's room (the console updates the location and raises an alert).
 */
async function withLocationStatus(
  env: Env,
  db: Db,
  device: { space: string; location: string | null },
  change: () => Promise<unknown>,
) {
  const before = await locationStatus(db, device.space, device.location);
  await change();
  const after = await locationStatus(db, device.space, device.location);
  if (!before || !after || before.status === after.status || !device.location) return;
  try {
    await publishToSpace(env, device.space, {
      type: "locationDetailsUpdate",
      event: LOCATION_EVENT[after.status],
      space_uuid: device.space,
      location_uuid: device.location,
      location_name: after.name,
      data: {
        online_status: after.status,
        total_online_number: after.total_online_number,
        total_connected_number: after.total_connected_number,
      },
    });
  } catch (error) {
    console.error("location status publish failed", error);
  }
}

/** What a presence change needs to know of the device (one read). */
const presenceRow = (db: Db, device_uuid: string) =>
  db
    .select({
      name: d.name,
      space: d.space_uuid,
      location: d.location_uuid,
      status: d.connected_status,
      installed_at: d.installed_at,
      online: d.online,
      last_seen: d.last_seen,
    })
    .from(d)
    .where(eq(d.uuid, device_uuid))
    .get();

export async function recordOnline(env: Env, device_uuid: string, at: { now: number; since: number }) {
  const db = createDb(env);
  const row = await presenceRow(db, device_uuid);
  if (!row) return;
  const installing = row.status === "installation_pending";
  await withLocationStatus(env, db, row, () =>
    db
      .update(d)
      .set({
        online: true,
        online_since: iso(at.since),
        last_seen: iso(at.now),
        ...(installing ? { connected_status: "connected" as const } : {}),
        installed_at: row.installed_at ?? iso(at.now),
        ...keepUpdatedAt,
      })
      .where(eq(d.uuid, device_uuid)),
  );
  await announce(env, row.space, device_uuid, row.name, "deviceOnline", {
    online: true,
    online_since: iso(at.since),
    last_seen: iso(at.now),
  });
  if (installing) await announce(env, row.space, device_uuid, row.name, "deviceInstalled");
}

export async function recordOffline(env: Env, device_uuid: string, at: { lastSeen: number; since: number | null }) {
  const db = createDb(env);
  const row = await presenceRow(db, device_uuid);
  if (!row) return;
  const days = at.since === null ? [] : onlineSecondsPerDay(at.since, at.lastSeen);
  await withLocationStatus(env, db, row, () =>
    db.batch([
      db
        .update(d)
        .set({ online: false, online_since: null, last_seen: iso(at.lastSeen), ...keepUpdatedAt })
        .where(eq(d.uuid, device_uuid)),
      ...days.map(({ day, seconds }) =>
        db
          .insert(avail)
          .values({ space_uuid: row.space, device_uuid, day, online_seconds: seconds })
          .onConflictDoUpdate({
            target: [avail.device_uuid, avail.day],
            set: { online_seconds: sql`${avail.online_seconds} + excluded.online_seconds` },
          }),
      ),
    ]),
  );
  await announce(env, row.space, device_uuid, row.name, "deviceOffline", {
    online: false,
    online_since: null,
    last_seen: iso(at.lastSeen),
  });
}

/**
 * D1 says online but the room has no agent and has not had one for a while (its own state was
 * lost, or the row was written without an agent): the device is offline. Its last_seen stays
 * (the room cannot know better); no availability is added for a streak it did not see.
 * Returns whether anything changed.
 */
export async function reconcileOffline(env: Env, device_uuid: string): Promise<boolean> {
  const db = createDb(env);
  const row = await presenceRow(db, device_uuid);
  if (!row?.online) return false;
  await withLocationStatus(env, db, row, () =>
    db
      .update(d)
      .set({ online: false, online_since: null, ...keepUpdatedAt })
      .where(and(eq(d.uuid, device_uuid), eq(d.online, true))),
  );
  await announce(env, row.space, device_uuid, row.name, "deviceOffline", {
    online: false,
    online_since: null,
    last_seen: row.last_seen,
  });
  return true;
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
  await announce(env, row.space, device_uuid, row.name, "deviceUpdated");
}

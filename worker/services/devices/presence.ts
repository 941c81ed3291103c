import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { onlineSecondsPerDay } from "../../../contracts/presence.ts";
import { deviceAvailabilityTable as avail, deviceTable as d } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { createDb, type Db } from "../../lib/db.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { locationOnline, locationOnlineOf, locationOnlineQuery } from "../locations/totals.ts";
import { announceFromRoom, iso, keepUpdatedAt } from "./records.ts";

/*
 * The DeviceRoom's presence writes to D1: one update per transition (online, offline, a stale
 * online reconciled), with the pushes they cause (the device's, and its location's when that
 * location's online status moves).
 */

const LOCATION_EVENT = {
  online: "locationOnline",
  partially_online: "locationPartiallyOnline",
  offline: "locationOffline",
} as const;

/**
 * Runs a device's presence change and, when it moves its location between online, partially
 * online and offline, pushes locationOnline / locationPartiallyOnline / locationOffline on the
 * space's room (the console updates the location and raises an alert). The location's status
 * after the change is read in the change's own batch (one D1 round trip, not two).
 */
async function withLocationStatus(
  env: Env,
  db: Db,
  device: { space: string; location: string | null },
  change: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
) {
  if (!device.location) {
    await db.batch(change);
    return;
  }
  const ctx = { db, space: { space_uuid: device.space } };
  const before = await locationOnline(ctx, device.location);
  const results = await db.batch([...change, locationOnlineQuery(ctx, device.location)]);
  const afterRows = results.at(-1) as Parameters<typeof locationOnlineOf>[0][];
  const after = locationOnlineOf(afterRows[0]);
  if (!before || !after || before.status === after.status) return;
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
  await withLocationStatus(env, db, row, [
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
  ]);
  await announceFromRoom(env, row.space, device_uuid, row.name, "deviceOnline", {
    online: true,
    online_since: iso(at.since),
    last_seen: iso(at.now),
    // The wall narrowed to a group or location keeps its ticker to its own devices.
    location_uuid: row.location,
  });
  if (installing) await announceFromRoom(env, row.space, device_uuid, row.name, "deviceInstalled");
}

export async function recordOffline(env: Env, device_uuid: string, at: { lastSeen: number; since: number | null }) {
  const db = createDb(env);
  const row = await presenceRow(db, device_uuid);
  if (!row) return;
  const days = at.since === null ? [] : onlineSecondsPerDay(at.since, at.lastSeen);
  await withLocationStatus(env, db, row, [
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
  ]);
  await announceFromRoom(env, row.space, device_uuid, row.name, "deviceOffline", {
    online: false,
    online_since: null,
    last_seen: iso(at.lastSeen),
    location_uuid: row.location,
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
  await withLocationStatus(env, db, row, [
    db
      .update(d)
      .set({ online: false, online_since: null, ...keepUpdatedAt })
      .where(and(eq(d.uuid, device_uuid), eq(d.online, true))),
  ]);
  await announceFromRoom(env, row.space, device_uuid, row.name, "deviceOffline", {
    online: false,
    online_since: null,
    last_seen: row.last_seen,
    location_uuid: row.location,
  });
  return true;
}

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type OutageCause, onlineSecondsPerDay } from "../../../contracts/presence.ts";
import {
  deviceAvailabilityTable as avail,
  deviceTable as d,
  deviceOutageTable as outage,
} from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { createDb, type Db } from "../../lib/db.ts";
import { alertSignal } from "../alerting/signal.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { deviceLocationOnlineQuery, locationOnlineOf } from "../locations/totals.ts";
import { gatherOnline } from "./presence-batch.ts";
import { announceFromRoom, iso, keepUpdatedAt } from "./records.ts";

/*
 * The DeviceRoom's presence writes to D1: one update per transition (online, offline, a stale
 * online reconciled), with the pushes they cause (the device's, and its location's when that
 * location's online status moves). Each offline transition opens an outage (device_outage) and
 * the next online one closes it: availability is counted from those spans.
 */

/**
 * Opens the device's outage from `startedIso` unless one is open already (read in the statement:
 * no device row, no insert). A device disabled at that moment is offline because it was disabled.
 */
const openOutage = (db: Db, device_uuid: string, startedIso: SQL | string, cause: OutageCause, onlyIf?: SQL) =>
  db.insert(outage).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        space_uuid: d.space_uuid,
        device_uuid: d.uuid,
        started_at: sql<string>`${startedIso}`.as("started_at"),
        ended_at: sql<string | null>`null`.as("ended_at"),
        cause: sql<OutageCause>`case when ${d.enabled} = 0 then 'disabled' else ${cause} end`.as("cause"),
      })
      .from(d)
      .where(
        and(
          eq(d.uuid, device_uuid),
          onlyIf,
          sql`not exists (select 1 from ${outage} where ${outage.device_uuid} = ${device_uuid} and ${outage.ended_at} is null)`,
        ),
      ),
  );

const LOCATION_EVENT = {
  online: "locationOnline",
  partially_online: "locationPartiallyOnline",
  offline: "locationOffline",
} as const;

type LocationOnlineRow = Parameters<typeof locationOnlineOf>[0];

/** What a presence change needs to know of the device, as it was before the change. */
const presenceRow = (db: Db, device_uuid: string) =>
  db
    .select({
      name: d.name,
      space: d.space_uuid,
      location: d.location_uuid,
      status: d.connected_status,
      online: d.online,
      last_seen: d.last_seen,
    })
    .from(d)
    .where(eq(d.uuid, device_uuid));

type PresenceRow = Awaited<ReturnType<typeof presenceRow>>[number];

/**
 * Runs a device's presence change in **one** D1 round trip (issue 19 target 4): one batch (a
 * transaction) reads the device and its location's online status, makes the change, and reads the
 * status again. When the change moves the location between online, partially online and offline,
 * pushes locationOnline / locationPartiallyOnline / locationOffline on the space's room (the
 * console updates the location and raises an alert). Returns the device as it was before, or
 * undefined when there is no such device (then the change touched nothing).
 */
async function presenceChange(
  env: Env,
  db: Db,
  device_uuid: string,
  writes: BatchItem<"sqlite">[],
): Promise<PresenceRow | undefined> {
  const results = await db.batch([
    presenceRow(db, device_uuid),
    deviceLocationOnlineQuery(db, device_uuid),
    ...writes,
    deviceLocationOnlineQuery(db, device_uuid),
  ]);
  const [device] = results[0] as PresenceRow[];
  if (!device?.location) return device;
  const before = locationOnlineOf((results[1] as LocationOnlineRow[])[0]);
  const after = locationOnlineOf((results.at(-1) as LocationOnlineRow[])[0]);
  if (!before || !after || before.status === after.status) return device;
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
  return device;
}

/**
 * A device's online transition. Gathered with the other rooms' of this isolate into one D1 batch
 * of six statements (presence-batch.ts): in a reconnect wave a connect costs the catalogue a
 * fraction of a statement, not six. Then the space hears deviceOnline (and deviceInstalled on the
 * device's first connection).
 */
export async function recordOnline(env: Env, device_uuid: string, at: { now: number; since: number }) {
  const now = iso(at.now);
  const row = await gatherOnline({ env, device_uuid, now, since: iso(at.since) });
  if (!row) return;
  if (row.location)
    await alertSignal(env, {
      space_uuid: row.space,
      location_uuid: row.location,
      device_uuid,
      name: row.name,
      online: true,
    });
  await announceFromRoom(env, row.space, device_uuid, row.name, "deviceOnline", {
    online: true,
    online_since: iso(at.since),
    last_seen: now,
    // The wall narrowed to a group or location keeps its ticker to its own devices.
    location_uuid: row.location,
  });
  if (row.status === "installation_pending")
    await announceFromRoom(env, row.space, device_uuid, row.name, "deviceInstalled");
}

export async function recordOffline(
  env: Env,
  device_uuid: string,
  at: { lastSeen: number; since: number | null },
  cause: OutageCause = "unknown",
) {
  const db = createDb(env);
  const days = at.since === null ? [] : onlineSecondsPerDay(at.since, at.lastSeen);
  const row = await presenceChange(env, db, device_uuid, [
    db
      .update(d)
      .set({ online: false, online_since: null, last_seen: iso(at.lastSeen), ...keepUpdatedAt })
      .where(eq(d.uuid, device_uuid)),
    openOutage(db, device_uuid, iso(at.lastSeen), cause),
    // The streak's seconds per day, in the device's space (read in the statement: no row, no insert).
    ...days.map(({ day, seconds }) =>
      db
        .insert(avail)
        .select(
          db
            .select({
              space_uuid: d.space_uuid,
              device_uuid: d.uuid,
              day: sql<string>`${day}`.as("day"),
              online_seconds: sql<number>`${seconds}`.as("online_seconds"),
            })
            .from(d)
            .where(eq(d.uuid, device_uuid)),
        )
        .onConflictDoUpdate({
          target: [avail.device_uuid, avail.day],
          set: { online_seconds: sql`${avail.online_seconds} + excluded.online_seconds` },
        }),
    ),
  ]);
  if (!row) return;
  if (row.location)
    await alertSignal(env, {
      space_uuid: row.space,
      location_uuid: row.location,
      device_uuid,
      name: row.name,
      online: false,
    });
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
  const row = await presenceChange(env, db, device_uuid, [
    // Before the update below: from when it was last heard, only if D1 still says online.
    openOutage(
      db,
      device_uuid,
      sql`coalesce(${d.last_seen}, ${d.installed_at}, ${iso(Date.now())})`,
      "unknown",
      eq(d.online, true),
    ),
    db
      .update(d)
      .set({ online: false, online_since: null, ...keepUpdatedAt })
      .where(and(eq(d.uuid, device_uuid), eq(d.online, true))),
  ]);
  if (!row?.online) return false;
  if (row.location)
    await alertSignal(env, {
      space_uuid: row.space,
      location_uuid: row.location,
      device_uuid,
      name: row.name,
      online: false,
    });
  await announceFromRoom(env, row.space, device_uuid, row.name, "deviceOffline", {
    online: false,
    online_since: null,
    last_seen: row.last_seen,
    location_uuid: row.location,
  });
  return true;
}

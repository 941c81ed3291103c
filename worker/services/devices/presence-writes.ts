import type { OutageCause } from "../../../contracts/devices/presence.ts";
import type { Env } from "../../env.ts";
import { rows, uuidsOf } from "./batch-sql.ts";
import { gatherer } from "./gatherer.ts";
import { LOCATIONS_SQL, type LocationRow, pushLocationChanges } from "./location-push.ts";

/*
 * The online and offline transitions of a reconnect wave's rooms, gathered across rooms
 * (gatherer.ts) into D1 batches of six statements each; presence.ts decides what to write.
 */

/** What a presence change needs to know of the device, as it was before the change. */
export type OnlineRow = { name: string; space: string; location: string | null; status: string };
type OnlineItem = { env: Env; device_uuid: string; now: string; since: string };

/**
 * Online transitions of many devices in one D1 batch (one round trip, one transaction) of six
 * statements: the devices as they were, their locations' status, the online write, the end of
 * installation for first connections, the end of their open outages, the locations' status again.
 * Pushes locationOnline / locationPartiallyOnline / locationOffline for each location whose status
 * it moved. Returns each item's device as it was (undefined: no such device).
 */
async function writeOnline(items: OnlineItem[], owner: OnlineItem = items[0]): Promise<(OnlineRow | undefined)[]> {
  const { env } = owner;
  // One row per device (the newest push wins): UPDATE … FROM takes any one of duplicates.
  const byDevice = new Map(items.map((i) => [i.device_uuid, i]));
  const json = JSON.stringify([...byDevice.values()].map((i) => ({ u: i.device_uuid, now: i.now, since: i.since })));
  const j = rows(1, ["u", "now", "since"]);
  const db = env.DB;
  const [before, locsBefore, , , , locsAfter] = await db.batch([
    db
      .prepare(
        `select uuid, name, space_uuid as space, location_uuid as location, connected_status as status from device where uuid in ${uuidsOf(1)}`,
      )
      .bind(json),
    db.prepare(LOCATIONS_SQL).bind(json),
    db
      .prepare(
        `update device set online = 1, online_since = j.since, last_seen = j.now from ${j} as j where device.uuid = j.u
          and (device.online <> 1 or device.online_since is not j.since or device.last_seen is not j.now)`,
      )
      .bind(json),
    // The first connection ends the installation. A statement of its own that matches no row
    // otherwise: a column in an UPDATE's SET rewrites every index entry that holds it, changed or not.
    db
      .prepare(
        `update device set connected_status = case when connected_status = 'installation_pending' then 'connected' else connected_status end,
          installed_at = coalesce(installed_at, j.now)
        from ${j} as j where device.uuid = j.u and (device.connected_status = 'installation_pending' or device.installed_at is null)`,
      )
      .bind(json),
    // The outages these streaks end (none on a first connection).
    db
      .prepare(
        `update device_outage set ended_at = j.since from ${j} as j where device_outage.device_uuid = j.u and device_outage.ended_at is null`,
      )
      .bind(json),
    db.prepare(LOCATIONS_SQL).bind(json),
  ]);
  await pushLocationChanges(env, locsBefore.results as LocationRow[], locsAfter.results as LocationRow[]);
  const found = new Map((before.results as (OnlineRow & { uuid: string })[]).map((r) => [r.uuid, r]));
  return items.map((i) => {
    const row = found.get(i.device_uuid);
    return row ? { name: row.name, space: row.space, location: row.location, status: row.status } : undefined;
  });
}

/** This isolate's writers: each batch is written with the env of the room whose push started it. */
const online = gatherer(writeOnline);

/** A device's online transition, written with the others of its batch (see writeOnline). */
export const gatherOnline = (item: OnlineItem): Promise<OnlineRow | undefined> => online.push(item);

/**
 * An offline transition (`last` set: the room's streak ended then, `days` its online seconds per UTC
 * day) or a reconciliation (`last` null: D1 says online but the room has no agent; only a device D1
 * still has online is changed, and its last_seen stays).
 */
export type OfflineItem = {
  env: Env;
  device_uuid: string;
  /** When the device was last heard (ISO), or null to keep D1's. */
  last: string | null;
  cause: OutageCause;
  days: { day: string; seconds: number }[];
  /** Now (ISO): the outage's start when D1 knows no last_seen nor installed_at. */
  now: string;
};
/** The device as it was before an offline write (online: whether D1 had it online). */
export type OfflineRow = OnlineRow & { online: boolean; last_seen: string | null };

/**
 * Offline transitions of many devices in one D1 batch of six statements (after a restart a whole
 * fleet's rooms may find their agents missing at once, and ≈ 6 statements per device, each its own
 * round trip, was most of that wave's database work): the devices as they were, their locations'
 * status, the outages opened (one per device, never a second open one), the offline write (only
 * where a value changes: a device D1 already has offline with the same last_seen costs no row
 * write), the streaks' seconds per day, the locations' status again.
 */
async function writeOffline(items: OfflineItem[], owner: OfflineItem = items[0]): Promise<(OfflineRow | undefined)[]> {
  const { env } = owner;
  const byDevice = new Map(items.map((i) => [i.device_uuid, i]));
  const json = JSON.stringify(
    [...byDevice.values()].map((i) => ({
      u: i.device_uuid,
      last: i.last,
      r: i.last === null ? 1 : 0,
      cause: i.cause,
      now: i.now,
      d: i.days,
    })),
  );
  const j = rows(1, ["u", "last", "r", "cause", "now", "d"]);
  const db = env.DB;
  const [before, locsBefore, , , , locsAfter] = await db.batch([
    db
      .prepare(
        `select uuid, name, space_uuid as space, location_uuid as location, connected_status as status, online, last_seen
        from device where uuid in ${uuidsOf(1)}`,
      )
      .bind(json),
    db.prepare(LOCATIONS_SQL).bind(json),
    // Before the update: a reconciliation opens one only for a device D1 still has online, from when
    // it was last heard. A device disabled then is offline because it was disabled.
    db
      .prepare(
        `insert into device_outage (space_uuid, device_uuid, started_at, ended_at, cause)
        select d.space_uuid, d.uuid, coalesce(j.last, d.last_seen, d.installed_at, j.now), null,
          case when d.enabled = 0 then 'disabled' else j.cause end
        from ${j} as j join device d on d.uuid = j.u
        where (j.r = 0 or d.online = 1)
          and not exists (select 1 from device_outage o where o.device_uuid = d.uuid and o.ended_at is null)`,
      )
      .bind(json),
    db
      .prepare(
        `update device set online = 0, online_since = null, last_seen = coalesce(j.last, device.last_seen)
        from ${j} as j where device.uuid = j.u and (j.r = 0 or device.online = 1)
          and (device.online <> 0 or device.online_since is not null or device.last_seen is not coalesce(j.last, device.last_seen))`,
      )
      .bind(json),
    // The streaks' seconds per day in each device's space (no device, no row). "where true": SQLite
    // reads an ON CONFLICT after a join as the join's constraint otherwise.
    db
      .prepare(
        `insert into device_availability (space_uuid, device_uuid, day, online_seconds)
        select d.space_uuid, d.uuid, json_extract(w.value, '$.day'), json_extract(w.value, '$.seconds')
        from ${j} as j join device d on d.uuid = j.u join json_each(j.d) w where true
        on conflict (device_uuid, day) do update set online_seconds = device_availability.online_seconds + excluded.online_seconds`,
      )
      .bind(json),
    db.prepare(LOCATIONS_SQL).bind(json),
  ]);
  await pushLocationChanges(env, locsBefore.results as LocationRow[], locsAfter.results as LocationRow[]);
  type Before = OnlineRow & { uuid: string; online: number; last_seen: string | null };
  const found = new Map((before.results as Before[]).map((r) => [r.uuid, r]));
  return items.map((i) => {
    const row = found.get(i.device_uuid);
    return row
      ? {
          name: row.name,
          space: row.space,
          location: row.location,
          status: row.status,
          online: !!row.online,
          last_seen: row.last_seen,
        }
      : undefined;
  });
}

const offline = gatherer(writeOffline);

/** A device's offline transition or reconciliation, written with the others of its batch (see writeOffline). */
export const gatherOffline = (item: OfflineItem): Promise<OfflineRow | undefined> => offline.push(item);

/** Batches and devices written so far (presence-batch.ts gatheredSoFar). */
export const presenceStats = { online: online.stats, offline: offline.stats };

import type { OutageCause } from "../../../contracts/devices/presence.ts";
import type { AgentInventory } from "../../../contracts/installation/schema.ts";
import type { deviceTable } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { onlineStatus } from "../locations/totals.ts";

/*
 * The connect writes of a whole reconnect wave, gathered across rooms (docs/scale.md, "Reconnect
 * storms"): every DeviceRoom of this isolate that goes online, or stores a changed hello, in the
 * time one such write is in flight (and, in a wave, WAVE_WINDOW_MS before it) joins the next one, and that one is a fixed handful of
 * statements whatever the number of devices in it (each statement reads its rows from one JSON
 * parameter with json_each, so D1's bound-parameter limit does not bound the batch). When idle a
 * write goes out at once, alone; in a wave the batches grow with the database's own latency.
 *
 * The write runs in the context of the room whose push started it; the others wait on a promise it
 * resolves. A write that has not settled after STALL_MS (its room went away) no longer holds the
 * others up: the next push starts another, and its waiters give up with an error.
 */

/** The most devices in one batch (one JSON parameter of ≈ 100 bytes each; D1 takes 100 KB statements). */
export const GATHER_MAX = 250;
/** A batch that has not settled by then is given up (ms). */
export const STALL_MS = 30_000;
/**
 * In a wave (a batch was written less than a second ago), a batch waits this long for more before
 * it goes (ms): locally D1 answers in milliseconds, so "while one is in flight" alone gathered 1.6
 * devices per batch in a measured 3,000-agent wave. Idle, a write still goes out at once.
 */
export const WAVE_WINDOW_MS = 200;
/**
 * A drain that has not moved for this long while it was not writing (between batches, in its
 * window) is taken over by a waiting push (ms): the room that started it may be gone (reset,
 * evicted) while its isolate, and this state, live on; its timers then never fire.
 */
export const TAKEOVER_MS = 2_000;

/** How often a waiting push looks at its outcome, at most (ms; it starts at 1 and doubles). */
const POLL_MAX_MS = 16;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Gathers pushed items into batches, one batch in flight at a time (see above). Per isolate, so
 * the rooms of one isolate share it — and a room must never be resumed by another room's I/O:
 * workerd ties a promise's continuations to the Durable Object that awaits it ("Cannot perform
 * I/O on behalf of a different Durable Object"). So the drain, running in the room that started
 * it, writes each item's outcome into plain data, and every waiting push looks at its own on its
 * own timers (as lib/single-flight.ts does for shared reads).
 */
export function gatherer<T, R>(flush: (items: T[], owner: T) => Promise<R[]>, max = GATHER_MAX) {
  /** `taken`: in a batch being written; `outcome`: what the write answered. */
  type Waiting = { item: T; taken?: boolean; outcome?: { value: R } | { error: unknown } };
  /** `since`: its last step (ms); `writing`: a batch is in flight. */
  type Run = { since: number; owner: T; writing: boolean };
  let pending: Waiting[] = [];
  /**
   * The drain under way: `owner` is the item whose push started it. The drain runs in that
   * room's context, so every batch it writes uses that room's env: a Durable Object may not do
   * I/O through another object's bindings, even in the same isolate.
   */
  let running: Run | null = null;
  /** Batches written and items in them since the isolate started (tests, bench logs). */
  const stats = { batches: 0, items: 0 };

  let lastBatchAt = 0;
  const drain = async (run: Run) => {
    while (pending.length > 0 && running === run) {
      if (Date.now() - lastBatchAt < 1000 && pending.length < max) await pause(WAVE_WINDOW_MS);
      lastBatchAt = Date.now();
      const batch = pending.slice(0, max);
      pending = pending.slice(batch.length);
      for (const w of batch) w.taken = true;
      run.since = Date.now();
      run.writing = true;
      stats.batches++;
      stats.items += batch.length;
      try {
        const out = await flush(
          batch.map((w) => w.item),
          run.owner,
        );
        for (const [i, w] of batch.entries()) w.outcome = { value: out[i] };
      } catch (error) {
        for (const w of batch) w.outcome = { error };
      }
      run.writing = false;
      run.since = Date.now();
    }
    if (running === run) running = null;
  };

  const stuck = (run: Run, now: number) => now - run.since > (run.writing ? STALL_MS : TAKEOVER_MS);

  return {
    stats,
    async push(item: T): Promise<R> {
      const waiting: Waiting = { item };
      pending.push(waiting);
      const start = () => {
        const run: Run = { since: Date.now(), owner: item, writing: false };
        running = run;
        void drain(run);
      };
      if (!running || stuck(running, Date.now())) start();
      const giveUp = Date.now() + STALL_MS + 5_000;
      let step = 1;
      while (waiting.outcome === undefined) {
        if (Date.now() > giveUp) {
          pending = pending.filter((w) => w !== waiting);
          throw new Error("connect write stalled");
        }
        await pause(step);
        step = Math.min(step * 2, POLL_MAX_MS);
        // While this item waits unwritten, its room (alive: it awaits the write) takes over a
        // drain that stopped moving: the room that started it may be gone.
        if (waiting.outcome === undefined && !waiting.taken && (!running || stuck(running, Date.now()))) start();
      }
      if ("error" in waiting.outcome) throw waiting.outcome.error;
      return waiting.outcome.value;
    },
  };
}

/** The JSON rows a statement reads (`j`): one per device. */
const rows = (param: number, fields: string[]) =>
  `(select ${fields.map((f) => `json_extract(value, '$.${f}') as ${f}`).join(", ")} from json_each(?${param}))`;
const uuidsOf = (param: number) => `(select json_extract(value, '$.u') from json_each(?${param}))`;

/**
 * The online status of the locations of the given devices: the same two counts as
 * locations/totals.ts (connected devices, and those of them online), per (space, location), read
 * through the covering index device(space_uuid, location_uuid, connected_status, online, …).
 */
const LOCATIONS_SQL = `with locs as (select distinct space_uuid, location_uuid from device
    where uuid in ${uuidsOf(1)} and location_uuid is not null)
  select l.uuid as uuid, l.space_uuid as space, l.name as name,
    (select count(*) from device x where x.space_uuid = locs.space_uuid and x.location_uuid = locs.location_uuid
      and x.connected_status = 'connected' and x.online = 1) as total_online_number,
    (select count(*) from device x where x.space_uuid = locs.space_uuid and x.location_uuid = locs.location_uuid
      and x.connected_status = 'connected') as total_connected_number
  from locs join location l on l.uuid = locs.location_uuid and l.space_uuid = locs.space_uuid`;

/** What a presence change needs to know of the device, as it was before the change. */
export type OnlineRow = { name: string; space: string; location: string | null; status: string };
type OnlineItem = { env: Env; device_uuid: string; now: string; since: string };
type LocationRow = {
  uuid: string;
  space: string;
  name: string;
  total_online_number: number;
  total_connected_number: number;
};

const LOCATION_EVENT = {
  online: "locationOnline",
  partially_online: "locationPartiallyOnline",
  offline: "locationOffline",
} as const;

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

/** Tells each space of a location whose online status moved (a failed publish is only logged). */
async function pushLocationChanges(env: Env, before: LocationRow[], after: LocationRow[]) {
  const was = new Map(before.map((l) => [l.uuid, onlineStatus(l)]));
  for (const location of after) {
    const status = onlineStatus(location);
    const previous = was.get(location.uuid);
    if (previous === undefined || previous === status) continue;
    try {
      await publishToSpace(env, location.space, {
        type: "locationDetailsUpdate",
        event: LOCATION_EVENT[status],
        space_uuid: location.space,
        location_uuid: location.uuid,
        location_name: location.name,
        data: {
          online_status: status,
          total_online_number: location.total_online_number,
          total_connected_number: location.total_connected_number,
        },
      });
    } catch (error) {
      console.error("location status publish failed", error);
    }
  }
}

/** This isolate's writers: each batch is written with the env of the room whose push started it. */
const online = gatherer(writeOnline);
const hellos = gatherer(writeHellos);

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

/** The inventory columns a hello may set, as the device table names them (device_type is the enrolment's). */
const INVENTORY_TEXT = [
  "operating_system_name",
  "operating_system_version",
  "operating_system_architecture",
  "motherboard_manufacturer",
  "motherboard_product_name",
  "cpu_model",
  "cpu_version",
  "cpu_manufacturer",
  "ram_size",
  "external_ip_address",
  "installation_image_uuid",
  "installation_image_name",
  "salt_minion_id",
  "machine_id",
] as const;
/** JSON columns: json_extract gives their JSON text, which is what the column holds. */
const INVENTORY_JSON = ["local_ip_addresses", "mac_addresses", "graphic_cards", "storage_drives"] as const;

export type HelloItem = { env: Env; device_uuid: string; machine_id?: string | null; inventory: AgentInventory };
type VisionState = (typeof deviceTable.$inferSelect)["vision_enabled"];
/** The device's space, name and the settings the catalogue holds, after the hello's write. */
export type HelloRow = { space: string; name: string; enabled: boolean; debug_mode: boolean; vision: VisionState };

/**
 * The hellos' inventories of many devices in one statement: each device's columns the agent sent
 * (a key it left out keeps its value; a machine_id only when it sent one), never an archived
 * device's; it returns each device's settings for the comparison with what the agent reports.
 */
async function writeHellos(items: HelloItem[], owner: HelloItem = items[0]): Promise<(HelloRow | undefined)[]> {
  const { env } = owner;
  const byDevice = new Map(items.map((i) => [i.device_uuid, i]));
  const json = JSON.stringify(
    [...byDevice.values()].map((i) => {
      const { device_type: _type, ...inventory } = i.inventory;
      const v: Record<string, unknown> = Object.fromEntries(
        Object.entries(inventory).filter(([, x]) => x !== undefined),
      );
      if (i.machine_id) v.machine_id = i.machine_id;
      return { u: i.device_uuid, v };
    }),
  );
  const set = [...INVENTORY_TEXT, ...INVENTORY_JSON]
    .map(
      (c) => `${c} = case when json_type(j.v, '$.${c}') is null then device.${c} else json_extract(j.v, '$.${c}') end`,
    )
    .join(",\n      ");
  const result = await env.DB.prepare(
    `update device set ${set}
    from (select json_extract(value, '$.u') as u, json_extract(value, '$.v') as v from json_each(?1)) as j
    where device.uuid = j.u and device.connected_status <> 'archived'
    returning uuid, space_uuid, name, enabled, debug_mode, vision_enabled`,
  )
    .bind(json)
    .all<{
      uuid: string;
      space_uuid: string;
      name: string;
      enabled: number;
      debug_mode: number;
      vision_enabled: VisionState;
    }>();
  const found = new Map(result.results.map((r) => [r.uuid, r]));
  return items.map((i) => {
    const r = found.get(i.device_uuid);
    return r
      ? {
          space: r.space_uuid,
          name: r.name,
          enabled: !!r.enabled,
          debug_mode: !!r.debug_mode,
          vision: r.vision_enabled,
        }
      : undefined;
  });
}

/** A hello's inventory, written with the others of its batch (see writeHellos). */
export const gatherHello = (item: HelloItem): Promise<HelloRow | undefined> => hellos.push(item);

/** The device columns a telemetry write sets from conditionsOf's `columns` (monitoring/conditions.ts). */
const TELEMETRY_COLUMNS = [
  "cpu_condition",
  "thermal_condition",
  "uptime_condition",
  "ram_condition",
  "storage_condition",
  "disk_health_condition",
  "gpu_condition",
  "network_condition",
  "peripherals_condition",
  "combined_status",
  "thermal_status",
  "cpu_temperature",
  "network_status",
  "peripherals_status",
] as const;

export type TelemetryItem = {
  env: Env;
  device_uuid: string;
  /** The report as the agent sent it (latest_telemetry). */
  telemetry: unknown;
  /** When (ISO): telemetry_updated_at. */
  at: string;
  /** conditionsOf(telemetry): the device's columns, and its worst condition per monitored peripheral type. */
  columns: Record<(typeof TELEMETRY_COLUMNS)[number], unknown>;
  peripherals: { type: string; condition: number }[];
};
/** What the room needs after the write: the device, and its peripheral conditions as they were. */
export type TelemetryRow = {
  space: string;
  name: string;
  location: string | null;
  stored: { type: string; condition: number }[];
};

/**
 * Latest telemetry of many devices in one D1 batch of five statements (what recordTelemetry did per
 * device): the stored peripheral conditions and the devices are read, the devices updated (their
 * report and the monitoring columns derived from it), and a device's condition rows deleted and
 * inserted only where SQLite finds they differ from the new set.
 */
async function writeTelemetry(
  items: TelemetryItem[],
  owner: TelemetryItem = items[0],
): Promise<(TelemetryRow | undefined)[]> {
  const { env } = owner;
  const byDevice = new Map(items.map((i) => [i.device_uuid, i]));
  const json = JSON.stringify(
    [...byDevice.values()].map((i) => ({
      u: i.device_uuid,
      v: { t: i.telemetry, at: i.at, c: i.columns, p: i.peripherals },
    })),
  );
  const j = `(select json_extract(value, '$.u') as u, json_extract(value, '$.v') as v from json_each(?1))`;
  // A device's stored rows differ from its new set: another count, or a stored row the set lacks.
  const differs = `((select count(*) from device_peripheral_condition y where y.device_uuid = j.u) <> json_array_length(j.v, '$.p')
    or exists (select 1 from device_peripheral_condition y where y.device_uuid = j.u and not exists (
      select 1 from json_each(j.v, '$.p') w
      where json_extract(w.value, '$.type') = y.type and json_extract(w.value, '$.condition') = y.condition)))`;
  const set = TELEMETRY_COLUMNS.map((c) => `${c} = json_extract(j.v, '$.c.${c}')`).join(", ");
  const db = env.DB;
  const [stored, devices] = await db.batch([
    db
      .prepare(
        `select device_uuid, type, condition from device_peripheral_condition where device_uuid in ${uuidsOf(1)}`,
      )
      .bind(json),
    db
      .prepare(
        `select uuid, space_uuid as space, name, location_uuid as location from device where uuid in ${uuidsOf(1)}`,
      )
      .bind(json),
    db
      .prepare(
        `update device set latest_telemetry = json_extract(j.v, '$.t'), telemetry_updated_at = json_extract(j.v, '$.at'), ${set}
        from ${j} as j where device.uuid = j.u`,
      )
      .bind(json),
    db
      .prepare(
        `delete from device_peripheral_condition where device_uuid in (select j.u from ${j} as j where ${differs})`,
      )
      .bind(json),
    // Inserted only where no row is left: none stored, or all just deleted as different. The
    // space is the device's (no device, no rows).
    db
      .prepare(
        `insert into device_peripheral_condition (space_uuid, device_uuid, type, condition)
        select d.space_uuid, d.uuid, json_extract(w.value, '$.type'), json_extract(w.value, '$.condition')
        from ${j} as j join device d on d.uuid = j.u join json_each(j.v, '$.p') w
        where not exists (select 1 from device_peripheral_condition y where y.device_uuid = j.u)`,
      )
      .bind(json),
  ]);
  const before = new Map<string, { type: string; condition: number }[]>();
  for (const r of stored.results as { device_uuid: string; type: string; condition: number }[]) {
    before.set(r.device_uuid, [...(before.get(r.device_uuid) ?? []), { type: r.type, condition: r.condition }]);
  }
  const found = new Map(
    (devices.results as { uuid: string; space: string; name: string; location: string | null }[]).map((r) => [
      r.uuid,
      r,
    ]),
  );
  return items.map((i) => {
    const row = found.get(i.device_uuid);
    return row
      ? { space: row.space, name: row.name, location: row.location, stored: before.get(i.device_uuid) ?? [] }
      : undefined;
  });
}

const telemetryWrites = gatherer(writeTelemetry);

/** A device's latest telemetry, written with the others of its batch (see writeTelemetry). */
export const gatherTelemetry = (item: TelemetryItem): Promise<TelemetryRow | undefined> => telemetryWrites.push(item);

/** Batches and devices written so far in this isolate (the bench and tests read them). */
export const gatheredSoFar = () => ({
  online: { ...online.stats },
  offline: { ...offline.stats },
  hellos: { ...hellos.stats },
  telemetry: { ...telemetryWrites.stats },
});

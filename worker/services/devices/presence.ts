import { type OutageCause, onlineSecondsPerDay } from "../../../contracts/devices/presence.ts";
import type { Env } from "../../env.ts";
import { alertSignal } from "../alerting/signal.ts";
import { gatherOffline, gatherOnline } from "./presence-batch.ts";
import { announceFromRoom, iso } from "./records.ts";

/*
 * The DeviceRoom's presence writes to D1: one update per transition (online, offline, a stale
 * online reconciled), with the pushes they cause (the device's, and its location's when that
 * location's online status moves). Each offline transition opens an outage (device_outage) and
 * the next online one closes it: availability is counted from those spans.
 */

/** Each device's presence write in flight in this isolate (see inOrder). */
const writing = new Map<string, Promise<unknown>>();

/**
 * Runs a device's presence writes one after the other, in the order its room made them: online and
 * offline writes wait in separate batches (presence-batch.ts), so an agent that drops and comes back
 * within a batch window must not have its online write land before its offline one.
 */
function inOrder<T>(device_uuid: string, write: () => Promise<T>): Promise<T> {
  const previous = writing.get(device_uuid) ?? Promise.resolve();
  const next = previous.then(write, write);
  const settled = next.catch(() => {});
  writing.set(device_uuid, settled);
  void settled.then(() => {
    if (writing.get(device_uuid) === settled) writing.delete(device_uuid);
  });
  return next;
}

/**
 * A device's online transition. Gathered with the other rooms' of this isolate into one D1 batch
 * of six statements (presence-batch.ts): in a reconnect wave a connect costs the catalogue a
 * fraction of a statement, not six. Then the space hears deviceOnline (and deviceInstalled on the
 * device's first connection).
 */
export async function recordOnline(env: Env, device_uuid: string, at: { now: number; since: number }) {
  const now = iso(at.now);
  const row = await inOrder(device_uuid, () => gatherOnline({ env, device_uuid, now, since: iso(at.since) }));
  if (!row) return;
  if (row.location)
    await alertSignal(env, {
      space_uuid: row.space,
      location_uuid: row.location,
      device_uuid,
      name: row.name,
      online: true,
    });
  await announceFromRoom(env, row.space, device_uuid, row.name, {
    event: "deviceOnline",
    data: {
      online: true,
      online_since: iso(at.since),
      last_seen: now,
      // The wall narrowed to a group or location keeps its ticker to its own devices.
      location_uuid: row.location,
    },
  });
  if (row.status === "installation_pending")
    await announceFromRoom(env, row.space, device_uuid, row.name, { event: "deviceInstalled" });
}

/**
 * A device's offline transition: gathered with the other rooms' of this isolate into one D1 batch of
 * six statements (presence-writes.ts, writeOffline): the offline write, its outage and the streak's
 * seconds per day. Then the space hears deviceOffline.
 */
export async function recordOffline(
  env: Env,
  device_uuid: string,
  at: { lastSeen: number; since: number | null },
  cause: OutageCause = "unknown",
) {
  const days = at.since === null ? [] : onlineSecondsPerDay(at.since, at.lastSeen);
  const row = await inOrder(device_uuid, () =>
    gatherOffline({ env, device_uuid, last: iso(at.lastSeen), cause, days, now: iso(Date.now()) }),
  );
  if (!row) return;
  if (row.location)
    await alertSignal(env, {
      space_uuid: row.space,
      location_uuid: row.location,
      device_uuid,
      name: row.name,
      online: false,
    });
  await announceFromRoom(env, row.space, device_uuid, row.name, {
    event: "deviceOffline",
    data: {
      online: false,
      online_since: null,
      last_seen: iso(at.lastSeen),
      location_uuid: row.location,
    },
  });
}

/**
 * D1 says online but the room has no agent and has not had one for a while (its own state was
 * lost, or the row was written without an agent): the device is offline. Its last_seen stays
 * (the room cannot know better); no availability is added for a streak it did not see.
 * Returns whether anything changed.
 */
export async function reconcileOffline(env: Env, device_uuid: string): Promise<boolean> {
  // Gathered like an offline transition; only a device D1 still has online is changed, and its
  // outage starts when it was last heard (D1's last_seen, else its installation, else now).
  const row = await inOrder(device_uuid, () =>
    gatherOffline({ env, device_uuid, last: null, cause: "unknown", days: [], now: iso(Date.now()) }),
  );
  if (!row?.online) return false;
  if (row.location)
    await alertSignal(env, {
      space_uuid: row.space,
      location_uuid: row.location,
      device_uuid,
      name: row.name,
      online: false,
    });
  await announceFromRoom(env, row.space, device_uuid, row.name, {
    event: "deviceOffline",
    data: {
      online: false,
      online_since: null,
      last_seen: row.last_seen,
      location_uuid: row.location,
    },
  });
  return true;
}

import type { Env } from "../../env.ts";
import { publishToSpace } from "../kernel/realtime.ts";
import { onlineStatus } from "../locations/totals.ts";
import { uuidsOf } from "./batch-sql.ts";

/*
 * The location status push of the gathered presence writes (presence-writes.ts): a batch reads its
 * devices' locations' status before and after its writes, and the spaces hear of each that moved.
 */

/**
 * The online status of the locations of the given devices: the same two counts as
 * locations/totals.ts (connected devices, and those of them online), per (space, location), read
 * through the covering index device(space_uuid, location_uuid, connected_status, online, …).
 */
export const LOCATIONS_SQL = `with locs as (select distinct space_uuid, location_uuid from device
    where uuid in ${uuidsOf(1)} and location_uuid is not null)
  select l.uuid as uuid, l.space_uuid as space, l.name as name,
    (select count(*) from device x where x.space_uuid = locs.space_uuid and x.location_uuid = locs.location_uuid
      and x.connected_status = 'connected' and x.online = 1) as total_online_number,
    (select count(*) from device x where x.space_uuid = locs.space_uuid and x.location_uuid = locs.location_uuid
      and x.connected_status = 'connected') as total_connected_number
  from locs join location l on l.uuid = locs.location_uuid and l.space_uuid = locs.space_uuid`;

export type LocationRow = {
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

/** Tells each space of a location whose online status moved (a failed publish is only logged). */
export async function pushLocationChanges(env: Env, before: LocationRow[], after: LocationRow[]) {
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

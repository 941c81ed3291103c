import { eq } from "drizzle-orm";
import { deviceTable } from "../../../drizzle/schema/index.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import type { AlertSignal } from "../../rooms/location-alerts.ts";
import { roomServer, spaceRegion } from "../kernel/placement.ts";

/*
 * The way into a location's alert evaluation: whoever sees a device's transition (presence,
 * health, applications, commands) tells the device's LocationRoom. A failure never fails the
 * transition itself: alerting catches up at the room's next read of its context.
 */

export async function alertSignal(env: Env, signal: AlertSignal) {
  try {
    const room = await roomServer(env, "location", signal.location_uuid, await spaceRegion(env, signal.space_uuid));
    await room.alertSignal(signal);
  } catch (error) {
    console.error("alert signal failed", signal.location_uuid, error);
  }
}

/** The location rooms named re-read their rules and windows (after an Admin changed them). */
export async function alertRefresh(env: Env, space: string, locations: readonly string[], at?: number) {
  const region = await spaceRegion(env, space);
  await Promise.all(
    locations.map(async (uuid) => {
      try {
        const room = await roomServer(env, "location", uuid, region);
        await room.alertRefresh(uuid, at);
      } catch (error) {
        console.error("alert refresh failed", uuid, error);
      }
    }),
  );
}

export async function alertForget(env: Env, space: string, location: string, incident: string) {
  try {
    const room = await roomServer(env, "location", location, await spaceRegion(env, space));
    await room.alertForget(incident);
  } catch (error) {
    console.error("alert forget failed", location, error);
  }
}

/**
 * For the display-applications report (contracts/admin/applications.ts): a device's worst application
 * state as alerting reads it — call with the device's location when it changes.
 */
export const applicationSignal = (
  env: Env,
  at: { space_uuid: string; location_uuid: string; device_uuid: string },
  app: "ok" | "crashed" | "crash_loop",
) => alertSignal(env, { ...at, app });

/**
 * A command of a device failed or expired (the DeviceRoom's broker): its location is read (one
 * query per failure; the room does not keep it) and told.
 */
export async function commandFailedSignal(env: Env, deviceUuid: string) {
  try {
    const [row] = await createDb(env)
      .select({ space: deviceTable.space_uuid, location: deviceTable.location_uuid, name: deviceTable.name })
      .from(deviceTable)
      .where(eq(deviceTable.uuid, deviceUuid));
    if (!row?.location) return;
    await alertSignal(env, {
      space_uuid: row.space,
      location_uuid: row.location,
      device_uuid: deviceUuid,
      name: row.name,
      command_failed: true,
    });
  } catch (error) {
    console.error("command failure signal failed", deviceUuid, error);
  }
}

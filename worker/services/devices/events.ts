import type { Env } from "../../env.ts";
import type { Defer } from "../../lib/defer.ts";
import { publishToSpace } from "../kernel/realtime.ts";

export type DeviceEventName = "deviceUpdated" | "deviceDeleted" | "deviceInstalled";

/**
 * Tells the space's dashboards that a device changed (deviceDetailsUpdate). Runs after the reply;
 * a failed publish is logged, never a failed request: the change is stored and dashboards catch
 * up on their next load.
 */
export function announceDevice(
  ctx: { env: Env; space: { space_uuid: string } },
  defer: Defer,
  event: DeviceEventName,
  device: { uuid: string; name: string },
) {
  const space_uuid = ctx.space.space_uuid;
  defer(
    publishToSpace(ctx.env, space_uuid, {
      type: "deviceDetailsUpdate",
      event,
      space_uuid,
      device_uuid: device.uuid,
      device_name: device.name,
    }).catch((error: unknown) => console.error("deviceDetailsUpdate publish failed", error)),
  );
}

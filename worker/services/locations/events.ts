import type { SpaceCtx } from "../../env.ts";
import type { Defer } from "../../lib/defer.ts";
import { publishToSpace } from "../kernel/realtime.ts";

/**
 * Tells the space's open dashboards that locations changed (locationDetailsUpdate). Runs after
 * the reply; a publish that fails is logged, never turned into a failed request — the change is
 * already stored and dashboards catch up on their next load.
 */
export function announceLocations(
  ctx: Pick<SpaceCtx, "env" | "space">,
  defer: Defer,
  event: "locationUpdated" | "locationDeleted",
  locations: readonly { uuid: string; name: string }[],
) {
  if (locations.length === 0) return;
  const space_uuid = ctx.space.space_uuid;
  const work = Promise.allSettled(
    locations.map((location) =>
      publishToSpace(ctx.env, space_uuid, {
        type: "locationDetailsUpdate",
        event,
        space_uuid,
        location_uuid: location.uuid,
        location_name: location.name,
      }),
    ),
  ).then((results) => {
    for (const result of results) {
      if (result.status === "rejected") console.error("locationDetailsUpdate publish failed", result.reason);
    }
  });
  defer(work);
}

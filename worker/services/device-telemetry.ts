import { getServerByName } from "partyserver";
import type { Telemetry } from "../../party/protocol.ts";
import { requireDevice } from "./device-detail.ts";
import type { RemoteCtx } from "./remote-actions.ts";

/**
 * GET …/device/{id}/telemetry/?since=ISO: the history the DeviceRoom keeps (one sample per
 * minute, last 24 h) plus the latest report stored on the device.
 */
export async function getTelemetryHistory({
  ctx,
  input,
}: {
  ctx: Pick<RemoteCtx, "db" | "env" | "space">;
  input: { uuid: string; since?: string };
}) {
  const device = await requireDevice(ctx, input.uuid);
  const since = input.since ? Date.parse(input.since) : 0;
  const room = await getServerByName(ctx.env.Device, device.uuid);
  const history = (await room.telemetryHistory(Number.isNaN(since) ? 0 : since)) as {
    at: number;
    telemetry: Telemetry;
  }[];
  return {
    device_uuid: device.uuid,
    telemetry_updated_at: device.telemetry_updated_at,
    latest: device.latest_telemetry,
    history: history.map((h) => ({ at: new Date(h.at).toISOString(), telemetry: h.telemetry })),
  };
}

import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DeviceDetail } from "../../../contracts/devices/detail.ts";
import type { ConnectedStatus } from "../../../contracts/devices/schema.ts";
import { CloseCode } from "../../../contracts/realtime/events.ts";
import {
  deviceTable as d,
  deviceCredentialTable,
  installationCodeTable,
  unclaimedDeviceTable,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { roomIn } from "../kernel/placement.ts";
import { auditChange, inSpace } from "../kernel/scope.ts";
import { type DeviceRow, getDeviceDetail, requireDevice } from "./detail.ts";
import { announceDevice } from "./events.ts";
import { attachedCounts } from "./to-devices.ts";

/** devices.md §4, menu by status, enforced here: which status each action starts from. */
export const ARCHIVABLE: readonly ConnectedStatus[] = ["connected", "disconnected", "installation_pending"];

const refused = (message: string) => new ApiError("bad_request", message);
const now = () => new Date().toISOString();

/** The status change as a guarded UPDATE: it lands only if the status is still one of `from`. */
const moveStatus = (ctx: SpaceCtx, uuid: string, from: readonly ConnectedStatus[], set: Partial<DeviceRow>) =>
  ctx.db
    .update(d)
    .set({ ...set, updated_at: now() })
    .where(inSpace(ctx, d, eq(d.uuid, uuid), inArray(d.connected_status, [...from])));

/** Revokes the device's unused installation codes (when `condition` holds, if given); drops their sealed text. */
export const revokeCodes = (ctx: SpaceCtx, deviceUuid: string, condition?: SQL) =>
  ctx.db
    .update(installationCodeTable)
    .set({ revoked_at: now(), code_sealed: null })
    .where(
      inSpace(
        ctx,
        installationCodeTable,
        eq(installationCodeTable.device_uuid, deviceUuid),
        isNull(installationCodeTable.used_at),
        isNull(installationCodeTable.revoked_at),
        condition,
      ),
    );

/**
 * A QR claim the agent has not collected yet goes back to unclaimed (the agent keeps showing its
 * QR code); the device forgets it.
 */
export const releaseClaim = (ctx: SpaceCtx, device: DeviceRow, condition?: SQL): BatchItem<"sqlite">[] =>
  device.connected_status === "installation_pending" && device.unclaimed_device_uuid
    ? [
        ctx.db
          .update(unclaimedDeviceTable)
          .set({ claimed_at: null, claimed_device_uuid: null })
          .where(
            and(
              eq(unclaimedDeviceTable.uuid, device.unclaimed_device_uuid),
              eq(unclaimedDeviceTable.claimed_device_uuid, device.uuid),
              isNull(unclaimedDeviceTable.enrolled_at),
              condition,
            ),
          ),
      ]
    : [];

/** DELETE /space/{space}/device/{uuid}/: only a device never installed, without peripherals or displays. */
export async function deleteDevice({ ctx, input, defer }: WriteArgs<{ uuid: string }>) {
  const device = await requireDevice(ctx, input.uuid);
  const attached = (await attachedCounts(ctx, [device.uuid])).get(device.uuid) ?? 0;
  if (attached > 0) throw refused("Device with peripherals or displays cannot be deleted.");
  if (device.connected_status !== "non_connected") throw refused("Only a device that is not installed can be deleted.");
  await ctx.db.batch([
    auditChange(ctx, { action: "device.delete", entityType: "device", entityUuid: device.uuid, before: device }),
    ctx.db.delete(d).where(inSpace(ctx, d, eq(d.uuid, device.uuid), eq(d.connected_status, "non_connected"))),
  ]);
  announceDevice(ctx, defer, "deviceDeleted", device);
}

/**
 * PATCH /space/{space}/device/{uuid}/archived-status/. Archive (from connected, disconnected or
 * installation_pending) takes the device out of service: its agent credentials and unused codes
 * are revoked and it reads offline. Unarchive returns it to disconnected, or to non_connected if
 * it was never installed; the agent then needs a new code.
 */
export async function setArchived({ ctx, input, defer }: WriteArgs<{ uuid: string; archived: boolean }>) {
  const device = await requireDevice(ctx, input.uuid);
  let statements: BatchItem<"sqlite">[];
  let to: ConnectedStatus;
  if (input.archived) {
    if (!ARCHIVABLE.includes(device.connected_status)) {
      throw refused("Only a connected, disconnected or pending device can be archived.");
    }
    to = "archived";
    statements = [
      moveStatus(ctx, device.uuid, ARCHIVABLE, {
        connected_status: to,
        online: false,
        online_since: null,
        ...(releaseClaim(ctx, device).length ? { unclaimed_device_uuid: null } : {}),
      }),
      ...releaseClaim(ctx, device),
      revokeCodes(ctx, device.uuid),
      ctx.db
        .update(deviceCredentialTable)
        .set({ revoked_at: now() })
        .where(
          inSpace(
            ctx,
            deviceCredentialTable,
            eq(deviceCredentialTable.device_uuid, device.uuid),
            isNull(deviceCredentialTable.revoked_at),
          ),
        ),
    ];
  } else {
    if (device.connected_status !== "archived") throw refused("Only an archived device can be unarchived.");
    to = device.installed_at ? "disconnected" : "non_connected";
    statements = [moveStatus(ctx, device.uuid, ["archived"], { connected_status: to })];
  }
  await ctx.db.batch([
    auditChange(ctx, {
      action: input.archived ? "device.archive" : "device.unarchive",
      entityType: "device",
      entityUuid: device.uuid,
      before: { connected_status: device.connected_status },
      after: { connected_status: to },
    }),
    ...statements,
  ]);
  // An archived device's agent is out of service: its open socket closes now (4410, do not
  // reconnect; its credential was revoked above, so an upgrade is refused too).
  if (input.archived) {
    await roomIn(ctx, "device", device.uuid)
      .then((room) => room.closeAgents(CloseCode.credentialRevoked, "The device was archived."))
      .catch((error: unknown) => console.error("closing an archived device's agent failed", error));
  }
  announceDevice(ctx, defer, "deviceUpdated", device);
  return getDeviceDetail({ ctx, input: { uuid: device.uuid } });
}

/**
 * PATCH /space/{space}/device/{uuid}/terminate-connection/: ends a pending installation
 * (installation_pending → non_connected, or disconnected for a device that was installed before),
 * revoking its unused codes and any QR claim.
 */
export async function terminateConnection({ ctx, input, defer }: WriteArgs<{ uuid: string }>): Promise<DeviceDetail> {
  const device = await requireDevice(ctx, input.uuid);
  if (device.connected_status !== "installation_pending") {
    throw refused("Only a pending installation can be terminated.");
  }
  const to = device.installed_at ? "disconnected" : "non_connected";
  await ctx.db.batch([
    auditChange(ctx, {
      action: "device.terminate_connection",
      entityType: "device",
      entityUuid: device.uuid,
      before: { connected_status: device.connected_status, unclaimed_device_uuid: device.unclaimed_device_uuid },
      after: { connected_status: to },
    }),
    moveStatus(ctx, device.uuid, ["installation_pending"], {
      connected_status: to,
      unclaimed_device_uuid: null,
    }),
    ...releaseClaim(ctx, device),
    revokeCodes(ctx, device.uuid),
  ]);
  announceDevice(ctx, defer, "deviceUpdated", device);
  return getDeviceDetail({ ctx, input: { uuid: device.uuid } });
}

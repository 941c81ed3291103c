import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DeviceDetail } from "../../../contracts/devices/detail.ts";
import type { QrInstallInput } from "../../../contracts/installation/schema.ts";
import { deviceTable as d, unclaimedDeviceTable as u } from "../../../drizzle/schema/index.ts";
import { ApiError } from "../../lib/errors.ts";
import { getDeviceDetail, requireDevice } from "../devices/detail.ts";
import { announceDevice } from "../devices/events.ts";
import { releaseClaim, revokeCodes } from "../devices/lifecycle.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditInsertWhen } from "../kernel/audit-when.ts";
import { inSpace } from "../kernel/scope.ts";
import { checkInstallable } from "./codes.ts";

const unusable = () =>
  new ApiError("validation_error", "There are validation errors.", {
    unclaimed_device_uuid: ["This QR code is unknown, expired or already used."],
  });

/**
 * POST /space/{space}/device/{uuid}/installation/ {unclaimed_device_uuid}: an operator scanned the
 * QR code of an agent that registered without a code. The registration is claimed for this device
 * (installation_pending) and the agent collects its credential on its next enrolment call. The
 * claim is a guarded UPDATE and every other write is conditional on it, so of two operators
 * scanning the same QR code only one wins.
 */
export async function installFromQr({
  ctx,
  input,
  defer,
}: WriteArgs<QrInstallInput & { uuid: string }>): Promise<DeviceDetail> {
  const device = await requireDevice(ctx, input.uuid);
  checkInstallable(device);
  const now = new Date().toISOString();
  const registration = await ctx.db.select().from(u).where(eq(u.uuid, input.unclaimed_device_uuid)).get();
  if (!registration || registration.claimed_at || registration.enrolled_at || registration.expires_at <= now) {
    throw unusable();
  }
  const claimed = sql`exists (select 1 from ${u} where ${u.uuid} = ${registration.uuid} and ${u.claimed_device_uuid} = ${device.uuid} and ${u.claimed_at} = ${now})`;
  const [claim] = await ctx.db.batch([
    ctx.db
      .update(u)
      .set({ claimed_at: now, claimed_device_uuid: device.uuid })
      .where(and(eq(u.uuid, registration.uuid), isNull(u.claimed_at), isNull(u.enrolled_at), gt(u.expires_at, now)))
      .returning({ uuid: u.uuid }),
    ...releaseClaim(ctx, device, claimed),
    ctx.db
      .update(d)
      .set({
        connected_status: "installation_pending",
        unclaimed_device_uuid: registration.uuid,
        machine_id: registration.machine_id ?? device.machine_id,
        updated_at: now,
      })
      .where(inSpace(ctx, d, eq(d.uuid, device.uuid), claimed)),
    revokeCodes(ctx, device.uuid, claimed),
    auditInsertWhen(
      ctx.db,
      {
        spaceUuid: ctx.space.space_uuid,
        actorUserUuid: ctx.user.uuid,
        action: "device.install_qr",
        entityType: "device",
        entityUuid: device.uuid,
        before: { connected_status: device.connected_status },
        after: { connected_status: "installation_pending", unclaimed_device_uuid: registration.uuid },
      },
      claimed,
    ),
  ]);
  if (claim.length === 0) throw unusable();
  announceDevice(ctx, defer, "deviceUpdated", device);
  return getDeviceDetail({ ctx, input: { uuid: device.uuid } });
}

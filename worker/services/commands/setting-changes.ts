import { and, eq } from "drizzle-orm";
import { nextVision, type VisionState, visionAlready } from "../../../contracts/cameras/vision.ts";
import { deviceTable as d, peripheralTable as p, peripheralTypeTable as pt } from "../../../drizzle/schema/index.ts";
import { ApiError, OutcomeUnknownError } from "../../lib/errors.ts";
import { type DeviceRow, requireDevice } from "../devices/detail.ts";
import { announceDevice } from "../devices/events.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditInsert } from "../kernel/audit.ts";
import {
  deviceOffline,
  knownCommand,
  type RemoteCtx,
  requireEnabled,
  requireInstalled,
  requireVisionCapable,
  sendCommand,
} from "./remote-actions.ts";

/*
 * The settings the agent applies before the catalogue records them (enabled, debug mode, a
 * peripheral's switch, vision): each is a command, then a D1 write with its audit entry.
 * remote-actions.ts runs the commands.
 */

type Setting = {
  column: "enabled" | "debug_mode";
  action: "set-enabled" | "set-debug";
  value: boolean;
  request_id?: string;
};

/**
 * PATCH …/enabled-status/ and …/debug-status/: the agent applies it, then the catalogue records
 * it. A retry with the same request_id gets the stored outcome and records nothing twice (a late
 * answer was recorded by the room already).
 */
export async function changeSetting({ ctx, input, defer }: WriteArgs<{ uuid: string } & Setting, RemoteCtx>) {
  const device = await requireDevice(ctx, input.uuid);
  const id = input.request_id;
  if (input.action === "set-enabled") await sendCommand(ctx, device, "set-enabled", { enabled: input.value }, id);
  else await sendCommand(ctx, device, "set-debug", { debug_mode: input.value }, id);
  if (id && device[input.column] === input.value) return;
  await ctx.db.batch([
    ctx.db
      .update(d)
      .set({ [input.column]: input.value, updated_at: new Date().toISOString() })
      .where(and(eq(d.uuid, device.uuid), eq(d.space_uuid, ctx.space.space_uuid))),
    audit(
      ctx,
      device,
      `device.${input.column}`,
      { [input.column]: device[input.column] },
      { [input.column]: input.value },
    ),
  ]);
  announceDevice({ env: ctx.env, space: ctx.space }, defer, "deviceUpdated", device);
}

/**
 * PATCH …/peripherals/{type}/{peripheral}/enabled-status/: the agent switches the peripheral,
 * then the catalogue records it. The peripheral must be the device's and of that {type}.
 * Answers what the switch did: `monitoring_only` when the agent could not switch the hardware.
 */
export async function changePeripheralEnabled({
  ctx,
  input,
  defer,
}: WriteArgs<{ uuid: string; type: string; peripheral: string; enabled: boolean; request_id?: string }, RemoteCtx>) {
  const device = await requireDevice(ctx, input.uuid);
  const row = await ctx.db
    .select({ uuid: p.uuid, enabled: p.enabled, slug: pt.slug, name: p.name, serial_number: p.serial_number })
    .from(p)
    .innerJoin(pt, eq(pt.uuid, p.peripheral_type_uuid))
    .where(and(eq(p.uuid, input.peripheral), eq(p.device_uuid, device.uuid), eq(p.space_uuid, ctx.space.space_uuid)))
    .get();
  if (!row || row.slug !== input.type) throw new ApiError("not_found", "Peripheral not found.");
  const { result } = await sendCommand(
    ctx,
    device,
    "set-peripheral-enabled",
    {
      peripheral_uuid: row.uuid,
      type: input.type,
      enabled: input.enabled,
      // How the agent recognises it among the peripherals it sees.
      name: row.name.slice(0, 256),
      ...(row.serial_number ? { serial_number: row.serial_number.slice(0, 256) } : {}),
    },
    input.request_id,
  );
  // What the switch did: the hardware itself, or (the agent could not) only its monitoring.
  const outcome = {
    monitoring_only: result.monitoring_only === true,
    ...(result.monitoring_only && result.reason ? { reason: result.reason } : {}),
  };
  if (input.request_id && row.enabled === input.enabled) return outcome;
  await ctx.db.batch([
    ctx.db
      .update(p)
      .set({ enabled: input.enabled, updated_at: new Date().toISOString() })
      .where(and(eq(p.uuid, row.uuid), eq(p.space_uuid, ctx.space.space_uuid))),
    auditInsert(ctx.db, {
      spaceUuid: ctx.space.space_uuid,
      actorUserUuid: ctx.user.uuid,
      action: "device.peripheral_enabled",
      entityType: "device",
      entityUuid: device.uuid,
      before: { peripheral_uuid: row.uuid, enabled: row.enabled },
      after: {
        peripheral_uuid: row.uuid,
        enabled: input.enabled,
        ...(outcome.monitoring_only ? { monitoring_only: true } : {}),
      },
    }),
  ]);
  announceDevice({ env: ctx.env, space: ctx.space }, defer, "deviceUpdated", device);
  return outcome;
}

const audit = (ctx: RemoteCtx, device: DeviceRow, action: string, before: unknown, after: unknown) =>
  auditInsert(ctx.db, {
    spaceUuid: ctx.space.space_uuid,
    actorUserUuid: ctx.user.uuid,
    action,
    entityType: "device",
    entityUuid: device.uuid,
    before,
    after,
  });

/**
 * PATCH …/vision-enabled-status/ {enabled}: drives the vision machine (devices.md §4). The
 * request sets *_requested at once, the agent's "message received" moves it to *_pending (the
 * DeviceRoom writes that), its answer ends in enabled/disabled, a failure returns to the
 * previous state (and the call fails). An answer in doubt (504) leaves the state pending: the
 * room records the late answer. A retry with a known request_id gets the stored outcome.
 */
export async function changeVision({
  ctx,
  input,
  defer,
}: WriteArgs<{ uuid: string; enabled: boolean; request_id?: string }, RemoteCtx>) {
  const device = await requireDevice(ctx, input.uuid);
  if (input.request_id && (await knownCommand(ctx, device, input.request_id))) {
    await sendCommand(ctx, device, "set-vision", { enabled: input.enabled }, input.request_id);
    return;
  }
  requireEnabled(device, "set-vision");
  requireInstalled(device);
  requireVisionCapable(device, input.enabled);
  const previous: VisionState = device.vision_enabled;
  if (visionAlready(previous, input.enabled)) return;
  const requested = nextVision(previous, { type: "toggle", enabled: input.enabled });
  if (!requested) throw new ApiError("conflict", "A vision status change is already in progress.");
  if (!device.online) throw deviceOffline();
  const where = and(eq(d.uuid, device.uuid), eq(d.space_uuid, ctx.space.space_uuid));
  const setVision = (state: VisionState) => ctx.db.update(d).set({ vision_enabled: state }).where(where);
  await setVision(requested);
  announceDevice({ env: ctx.env, space: ctx.space }, defer, "deviceUpdated", device);
  let final: VisionState | null = previous;
  try {
    await sendCommand(ctx, device, "set-vision", { enabled: input.enabled }, input.request_id);
    const now = (await ctx.db.select({ v: d.vision_enabled }).from(d).where(where).get())?.v ?? requested;
    // The answer implies the message was received: apply that first, so success ends where it should.
    final = nextVision(nextVision(now, { type: "received" }) ?? now, { type: "success" }) ?? previous;
  } catch (error) {
    final =
      error instanceof OutcomeUnknownError ? null : (nextVision(requested, { type: "error", previous }) ?? "disabled");
    throw error;
  } finally {
    if (final !== null) {
      await ctx.db.batch([
        setVision(final),
        audit(ctx, device, "device.vision_enabled", { vision_enabled: previous }, { vision_enabled: final }),
      ]);
    }
    announceDevice({ env: ctx.env, space: ctx.space }, defer, "deviceUpdated", device);
  }
}

import { and, eq } from "drizzle-orm";
import {
  nextVision,
  VISION_LINUX_ONLY_MESSAGE,
  type VisionState,
  visionAlready,
} from "../../../contracts/cameras/vision.ts";
import { getCommand } from "../../../contracts/commands/routes.ts";
import {
  COMMANDS,
  type CommandParams,
  type CommandResult,
  DEVICE_DISABLED_MESSAGE,
  DEVICE_NOT_INSTALLED_MESSAGE,
  firstIssue,
  TIMEOUT_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from "../../../contracts/commands/schema.ts";
import { apiPath } from "../../../contracts/http/path.ts";
import type { CommandAction } from "../../../contracts/realtime/events.ts";
import { DEVICE_TYPE_UUID } from "../../../contracts/reference.ts";
import { getScreenshot as screenshotRoute } from "../../../contracts/remote-actions/routes.ts";
import { deviceTable as d, peripheralTable as p, peripheralTypeTable as pt } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { ApiError, OutcomeUnknownError } from "../../lib/errors.ts";
import { commandsOf } from "../../rooms/rpc.ts";
import { type DeviceRow, requireDevice } from "../devices/detail.ts";
import { announceDevice } from "../devices/events.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { auditInsert } from "../kernel/audit.ts";
import { roomIn } from "../kernel/placement.ts";

export type RemoteCtx = Pick<SpaceCtx, "db" | "env" | "space" | "user">;

/** 503: the device is offline, or its agent left before answering. */
export const deviceOffline = () => new ApiError("device_offline", UNAVAILABLE_MESSAGE);

/** 409 device_disabled "Device is disabled": a disabled device takes nothing but set-enabled. */
export const deviceDisabled = () => new ApiError("device_disabled", DEVICE_DISABLED_MESSAGE);

/** Refuses upfront any action but set-enabled for a disabled device (its agent refuses them too). */
export function requireEnabled(device: Pick<DeviceRow, "enabled">, action: CommandAction) {
  if (!device.enabled && action !== "set-enabled") throw deviceDisabled();
}

/** 400: vision is enabled only on a Linux Computer (devices.md §2); disabling is always allowed. */
export function requireVisionCapable(device: Pick<DeviceRow, "device_type_uuid">, enabled: boolean) {
  if (enabled && device.device_type_uuid !== DEVICE_TYPE_UUID.linux) {
    throw new ApiError("bad_request", VISION_LINUX_ONLY_MESSAGE);
  }
}

/** 409 device_not_installed "Action failed. Device not installed." (devices.md §7): no agent to ask yet. */
export function requireInstalled(device: Pick<DeviceRow, "connected_status">) {
  if (device.connected_status === "non_connected" || device.connected_status === "installation_pending") {
    throw new ApiError("device_not_installed", DEVICE_NOT_INSTALLED_MESSAGE);
  }
}

/** The agent's result parsed with the action's schema; one that does not fit is the device's failure (502). */
function parseResult<A extends CommandAction>(action: A, result: unknown): CommandResult<A> {
  const parsed = COMMANDS[action].result.safeParse(result);
  if (!parsed.success) {
    console.warn(`unreadable ${action} answer: ${firstIssue(parsed.error)}`);
    throw new ApiError("device_failed", `The device sent an unreadable answer to ${action}.`);
  }
  // The schema is the action's own (COMMANDS[A]); TS does not follow the index through safeParse.
  return parsed.data as CommandResult<A>;
}

/** Where a command's record can be read (an outcome_unknown reply's status_url). */
export const commandStatusUrl = (space: string, device: string, id: string) =>
  apiPath(getCommand, { space, uuid: device, id });

/**
 * Runs one action on the device's agent through its DeviceRoom, its params and result typed by
 * contracts/commands/schema.ts COMMANDS, and tells the truth about what happened:
 * - 503 device_offline "physical device temporarily unavailable": never sent to the agent (safe to retry);
 * - 503 device_timeout "Service temporarily unavailable, try again later.": sent but not
 *   acknowledged in time; the agent refuses it after its deadline, so it did not run;
 * - 504 outcome_unknown (command_id, status_url): acknowledged, but the answer did not come back
 *   (the agent left, or 28 s passed): it may have run; the late answer updates status_url.
 *   Every verdict comes by 28 s (worker/rooms/broker.ts DIRECT_ANSWER_MS), inside the browser's 30 s;
 * - 502 device_failed with the agent's message when it reports a failure or answers something
 *   that does not fit; 409 when the request_id names a queued command.
 * A request_id already used answers its stored outcome, looked up before the offline check.
 */
export async function sendCommand<A extends CommandAction>(
  ctx: RemoteCtx,
  device: DeviceRow,
  action: A,
  params: CommandParams<A>,
  requestId?: string,
): Promise<{ id: string; result: CommandResult<A> }> {
  // A retry of a command the room knows gets its stored outcome (nothing runs again); anything else is refused.
  if (!device.enabled && !(requestId && (await knownCommand(ctx, device, requestId)))) requireEnabled(device, action);
  requireInstalled(device);
  // A new id cannot be known to the room: an offline device refuses it without asking.
  if (!requestId && !device.online) throw deviceOffline();
  const id = requestId ?? crypto.randomUUID();
  const room = await roomIn(ctx, "device", device.uuid);
  const outcome = await commandsOf(room).runCommand({
    id,
    action,
    params,
    actor: { user_uuid: ctx.user.uuid, space_uuid: ctx.space.space_uuid },
  });
  switch (outcome.status) {
    case "succeeded":
      return { id, result: parseResult(action, outcome.result) };
    case "timed_out":
      throw new ApiError("device_timeout", TIMEOUT_MESSAGE);
    case "unavailable":
      throw deviceOffline();
    case "in_doubt":
      throw new OutcomeUnknownError(id, commandStatusUrl(ctx.space.space_uuid, device.uuid, id));
    case "conflict":
      throw new ApiError("conflict", outcome.error);
    default:
      throw new ApiError("device_failed", outcome.error || "Action failed.");
  }
}

/** Whether the device's room knows this command id (a retry). */
async function knownCommand(ctx: RemoteCtx, device: DeviceRow, id: string) {
  const room = await roomIn(ctx, "device", device.uuid);
  return (await commandsOf(room).getCommand(id)) !== null;
}

/** Actions run with no params whose result the API answers as is. */
type PlainAction = "reverse-ssh" | "remote-desktop" | "headless-remote-desktop" | "telemetry-refresh";

/** POST …/remote-sharing/, …/headless-remote-sharing/, …/services-telemetry-refresh/. */
export async function runRemoteAction({
  ctx,
  input,
}: ServiceArgs<{ uuid: string; action: PlainAction; request_id?: string }, RemoteCtx>) {
  const device = await requireDevice(ctx, input.uuid);
  return (await sendCommand<PlainAction>(ctx, device, input.action, {}, input.request_id)).result;
}

/** GET …/agent-logs/: the agent's recent log lines (fetch-logs). */
export async function fetchAgentLogs({ ctx, input }: ServiceArgs<{ uuid: string; limit?: number }, RemoteCtx>) {
  const device = await requireDevice(ctx, input.uuid);
  const params = input.limit === undefined ? {} : { limit: input.limit };
  return (await sendCommand(ctx, device, "fetch-logs", params)).result;
}

/** Where a screenshot is kept in R2 (the room writes a late one there too). */
export const screenshotKey = (space: string, device: string, id: string) => `screenshots/${space}/${device}/${id}.jpg`;

/** POST …/screen-capture/: the agent's JPEG goes to R2; the reply is where to fetch it. */
export async function takeScreenshot({ ctx, input }: ServiceArgs<{ uuid: string; request_id?: string }, RemoteCtx>) {
  const device = await requireDevice(ctx, input.uuid);
  const { id, result } = await sendCommand(ctx, device, "screenshot", {}, input.request_id);
  const key = screenshotKey(ctx.space.space_uuid, device.uuid, id);
  if (result.image_base64) {
    const bytes = Uint8Array.from(atob(result.image_base64), (c) => c.charCodeAt(0));
    await ctx.env.FILES.put(key, bytes, { httpMetadata: { contentType: "image/jpeg" } });
  } else if (!(await ctx.env.FILES.head(key))) {
    throw new ApiError("device_failed", "The device sent no screenshot.");
  }
  return {
    screenshot_url: apiPath(screenshotRoute, { space: ctx.space.space_uuid, uuid: device.uuid, shot: `${id}.jpg` }),
  };
}

/** GET …/screenshot/{shot}.jpg (members of the space only). */
export async function getScreenshot({ ctx, input }: { ctx: RemoteCtx; input: { uuid: string; shot: string } }) {
  const device = await requireDevice(ctx, input.uuid);
  const object = await ctx.env.FILES.get(screenshotKey(ctx.space.space_uuid, device.uuid, input.shot));
  if (!object) throw new ApiError("not_found", "Screenshot not found.");
  return object;
}

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

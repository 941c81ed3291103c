import { VISION_LINUX_ONLY_MESSAGE } from "../../../contracts/cameras/vision.ts";
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
import type { SpaceCtx } from "../../env.ts";
import { ApiError, OutcomeUnknownError } from "../../lib/errors.ts";
import { commandsOf } from "../../rooms/rpc.ts";
import { type DeviceRow, requireDevice } from "../devices/detail.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { roomIn } from "../kernel/placement.ts";

/*
 * Commands run on a device's agent through its DeviceRoom (sendCommand), with the guards every
 * command passes, and the remote actions that only answer what the agent says (logs, screenshot,
 * remote sharing). Settings the catalogue records after the agent applies them: setting-changes.ts.
 */

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
export async function knownCommand(ctx: RemoteCtx, device: DeviceRow, id: string) {
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

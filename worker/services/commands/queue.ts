import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { CommandRecord } from "../../../contracts/commands/queue.ts";
import { type CommandQueueInput, NOT_CANCELLABLE_MESSAGE } from "../../../contracts/commands/queue.ts";
import { ENABLED_SUPERSEDE_KEY } from "../../../contracts/commands/queue-values.ts";
import { COMMANDS } from "../../../contracts/commands/schema.ts";
import { spaceAccountTable, userTable } from "../../../drizzle/schema/index.ts";
import { ApiError, fieldErrors } from "../../lib/errors.ts";
import { commandsOf } from "../../rooms/rpc.ts";
import { requireDevice } from "../devices/detail.ts";
import { roomIn } from "../kernel/placement.ts";
import { type RemoteCtx, requireEnabled, requireInstalled, requireVisionCapable } from "./remote-actions.ts";

/*
 * The device command queue: commands queued for a device that may be offline, kept
 * and delivered in order by its DeviceRoom (worker/rooms/device-commands.ts), with their states for
 * the Commands tab. The routes check the role (Content Manager or Admin for changes); the
 * action's own rights and params are checked here.
 */

type Ctx = { ctx: RemoteCtx };
const forbidden = () => new ApiError("forbidden", "You do not have permission to perform this action.");
const commandNotFound = () => new ApiError("not_found", "Command not found.");

async function roomOf(ctx: RemoteCtx, uuid: string) {
  const device = await requireDevice(ctx, uuid);
  return { device, room: commandsOf(await roomIn(ctx, "device", device.uuid)) };
}

/**
 * The records with their issuers' names (`issued_by`): one read of the members of this space
 * among them; someone no longer a member (or the system) stays null.
 */
async function withIssuers(ctx: RemoteCtx, records: CommandRecord[]): Promise<CommandRecord[]> {
  const uuids = [...new Set(records.map((r) => r.user_uuid).filter((u): u is string => u !== null))];
  if (uuids.length === 0) return records.map((r) => ({ ...r, issued_by: null }));
  const rows = await ctx.db
    .select({
      uuid: userTable.uuid,
      full: userTable.full_name,
      display: userTable.display_name,
      email: userTable.email,
    })
    .from(userTable)
    .innerJoin(
      spaceAccountTable,
      and(eq(spaceAccountTable.user_uuid, userTable.uuid), eq(spaceAccountTable.space_uuid, ctx.space.space_uuid)),
    )
    .where(inArray(userTable.uuid, uuids));
  const names = new Map(rows.map((r) => [r.uuid, r.full.trim() || r.display.trim() || r.email]));
  return records.map((r) => ({ ...r, issued_by: r.user_uuid ? (names.get(r.user_uuid) ?? null) : null }));
}

/** GET …/command/items/: newest first, at most 200. */
export async function listCommands({ ctx, input }: Ctx & { input: { uuid: string } }) {
  const { room } = await roomOf(ctx, input.uuid);
  return { commands: await withIssuers(ctx, await room.listCommands()) };
}

/** GET …/command/{id}/: one command (an outcome_unknown reply's status_url). */
export async function getCommand({ ctx, input }: Ctx & { input: { uuid: string; id: string } }) {
  const { room } = await roomOf(ctx, input.uuid);
  const record = await room.getCommand(input.id);
  if (!record) throw commandNotFound();
  const [named] = await withIssuers(ctx, [record]);
  return named;
}

/**
 * The rights an action needs beyond the route's role, the same as its direct route: reverse SSH
 * for super admins and system developers, headless remote desktop for system developers. Power
 * actions need Content Manager or Admin of the device's space, which the queue route requires.
 */
function requireActionRights(ctx: RemoteCtx, action: CommandQueueInput["action"]) {
  if (action === "reverse-ssh" && !ctx.user.super_admin && !ctx.user.sys_dev) throw forbidden();
  if (action === "headless-remote-desktop" && !ctx.user.sys_dev) throw forbidden();
}

/** The action's params checked with its schema (contracts/commands/schema.ts COMMANDS): 400 with `params.*` field errors. */
function checkedParams(action: CommandQueueInput["action"], params: Record<string, unknown>) {
  const parsed = (COMMANDS[action].params as z.ZodType).safeParse(params);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const errors = Object.fromEntries(
    Object.entries(fieldErrors(parsed.error)).map(([field, messages]) => [`params.${field}`, messages]),
  );
  throw new ApiError("validation_error", "There are validation errors.", errors);
}

/**
 * POST …/command/add/: queues the command in the device's room. A request_id already used
 * answers the existing command (`created: false`, 200); a new one is queued (202).
 */
export async function queueCommand({
  ctx,
  input,
}: Ctx & { input: { uuid: string } & z.output<typeof CommandQueueInput> }) {
  requireActionRights(ctx, input.action);
  const params = checkedParams(input.action, input.params);
  const { device, room } = await roomOf(ctx, input.uuid);
  requireEnabled(device, input.action);
  requireInstalled(device);
  if (input.action === "set-vision") requireVisionCapable(device, params.enabled === true);
  return await room.queueCommand({
    id: input.request_id ?? crypto.randomUUID(),
    action: input.action,
    params,
    ttl_seconds: input.ttl_seconds,
    // A Disable / Enable always replaces one still waiting: the newest decision wins.
    supersede_key: input.supersede_key ?? (input.action === "set-enabled" ? ENABLED_SUPERSEDE_KEY : null),
    actor: { user_uuid: ctx.user.uuid, space_uuid: ctx.space.space_uuid },
  });
}

/** POST …/command/{id}/cancel/: 409 once the command was delivered. */
export async function cancelCommand({ ctx, input }: Ctx & { input: { uuid: string; id: string } }) {
  const { room } = await roomOf(ctx, input.uuid);
  const result = await room.cancelCommand(input.id);
  if ("record" in result) return result.record;
  if (result.error === "not_found") throw commandNotFound();
  throw new ApiError("conflict", NOT_CANCELLABLE_MESSAGE);
}

/** POST …/command/purge/: cancels every queued command of the device. */
export async function purgeCommands({ ctx, input }: Ctx & { input: { uuid: string } }) {
  const { room } = await roomOf(ctx, input.uuid);
  return { cancelled: await room.purgeCommands() };
}

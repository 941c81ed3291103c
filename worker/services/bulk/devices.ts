import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  BULK_MAX,
  BULK_QUEUE_TTL_S,
  countOutcomes,
  type DeviceBulkAction,
  type DeviceBulkFilter,
  type DeviceBulkInput,
  type DeviceBulkReply,
  type DeviceBulkResult,
} from "../../../contracts/bulk/schema.ts";
import { deviceTable as d, deviceTagTable, locationTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import type { Defer } from "../../lib/defer.ts";
import { ApiError } from "../../lib/errors.ts";
import { powerControl } from "../commands/power-control.ts";
import { queueCommand } from "../commands/queue.ts";
import { changeSetting } from "../commands/setting-changes.ts";
import type { DeviceRow } from "../devices/detail.ts";
import { editDevice } from "../devices/devices.ts";
import { deviceWhere } from "../devices/filters.ts";
import { setArchived } from "../devices/lifecycle.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";
import { tagsOf, unknownTags } from "../spaces/tags.ts";
import { moveDevice } from "./move-device.ts";
import { failureOf, mapBounded } from "./run.ts";

/*
 * POST /space/{space}/devices/bulk/: one action on many devices, each device
 * through the same service as its single-device route (so the same rules and the same one audit
 * entry), at most BULK_CONCURRENCY at once, answered per device. Devices not of the caller's
 * space are "not found" like any missing one.
 */

type Input = z.output<typeof DeviceBulkInput>;
type Filter = z.output<typeof DeviceBulkFilter>;
type Row = Pick<DeviceRow, "uuid" | "name" | "connected_status" | "enabled">;

const NOT_FOUND = { code: "not_found", message: "Device not found." };
const tooMany = () =>
  new ApiError("validation_error", "There are validation errors.", {
    filter: [`More than ${BULK_MAX} devices match; narrow the filter.`],
  });

/** The space's devices among `uuids` (others are not found), or those matching the list filter. */
async function targets(ctx: SpaceCtx, input: Input): Promise<{ rows: Row[]; missing: string[] }> {
  const columns = { uuid: d.uuid, name: d.name, connected_status: d.connected_status, enabled: d.enabled };
  if (input.filter) {
    const rows = await ctx.db
      .select(columns)
      .from(d)
      .where(deviceWhere(ctx, input.filter as Filter))
      .orderBy(d.uuid)
      .limit(BULK_MAX + 1);
    if (rows.length > BULK_MAX) throw tooMany();
    return { rows, missing: [] };
  }
  const uuids = [...new Set((input.device_uuids ?? []).map((u) => u.toLowerCase()))];
  const found = await ctx.db
    .select(columns)
    .from(d)
    .where(inSpace(ctx, d, sql`${d.uuid} in (select value from json_each(${JSON.stringify(uuids)}))`));
  const byUuid = new Map(found.map((row) => [row.uuid, row]));
  return {
    rows: uuids.flatMap((u) => byUuid.get(u) ?? []),
    missing: uuids.filter((u) => !byUuid.has(u)),
  };
}

/** 400 when the tag or location of the params is not the space's (checked once, not per device). */
async function checkParams(ctx: SpaceCtx, input: Input) {
  const { tag_uuid, location_uuid } = input.params;
  if ((input.action === "add_tag" || input.action === "remove_tag") && tag_uuid) {
    if ((await unknownTags(ctx, [tag_uuid])).length) {
      throw new ApiError("validation_error", "There are validation errors.", { "params.tag_uuid": ["Tag not found."] });
    }
  }
  if (input.action === "move_location" && location_uuid) {
    const location = await ctx.db
      .select({ uuid: locationTable.uuid })
      .from(locationTable)
      .where(inSpace(ctx, locationTable, eq(locationTable.uuid, location_uuid)))
      .get();
    if (!location) {
      throw new ApiError("validation_error", "There are validation errors.", {
        "params.location_uuid": ["Location not found."],
      });
    }
  }
}

type Step = { ctx: SpaceCtx; input: Input; defer: Defer; device: Row; requestId: string };
type Done = Omit<DeviceBulkResult, "device_uuid">;
const succeeded = (message?: string): Done => ({ outcome: "succeeded", ...(message ? { message } : {}) });

/** Reboot through the power-control path; an offline device is reported, or queued for 24 h when asked. */
async function reboot({ ctx, input, device, requestId }: Step): Promise<Done> {
  const queue = async (): Promise<Done> => {
    const { record } = await queueCommand({
      ctx,
      input: {
        uuid: device.uuid,
        action: "instant-reboot",
        params: {},
        request_id: requestId,
        ttl_seconds: BULK_QUEUE_TTL_S,
      },
    });
    return { outcome: "queued", message: `Queued until ${record.expires_at ?? "the device connects"}.` };
  };
  try {
    const dryRun = await powerControl({
      ctx: { db: ctx.db, env: ctx.env, user: ctx.user },
      input: { uuid: device.uuid, action: "instant-reboot", request_id: requestId },
    });
    if (dryRun) {
      return { outcome: "failed", code: "dry_run", message: "The agent is not allowed to power the device (dry run)." };
    }
    return succeeded();
  } catch (error) {
    const code = error instanceof ApiError ? error.code : undefined;
    // A retry of a reboot queued by the first call: its id names the queued command (conflict).
    if (input.params.queue_offline && (code === "device_offline" || code === "conflict")) return queue();
    throw error;
  }
}

async function retag({ ctx, input, defer, device }: Step, add: boolean): Promise<Done> {
  const tag = input.params.tag_uuid as string;
  const current = ((await tagsOf(ctx, deviceTagTable, [device.uuid])).get(device.uuid) ?? []).map((t) => t.uuid);
  const has = current.includes(tag);
  if (has === add) return succeeded(add ? "Already tagged." : "Not tagged.");
  const tag_uuids = add ? [...current, tag] : current.filter((t) => t !== tag);
  await editDevice({ ctx, input: { uuid: device.uuid, tag_uuids }, defer });
  return succeeded();
}

const STEPS: Record<DeviceBulkAction, (step: Step) => Promise<Done>> = {
  reboot,
  enable: (step) => setEnabled(step, true),
  disable: (step) => setEnabled(step, false),
  add_tag: (step) => retag(step, true),
  remove_tag: (step) => retag(step, false),
  move_location: async ({ ctx, input, defer, device }) => {
    const location_uuid = input.params.location_uuid as string;
    const { changed } = await moveDevice({ ctx, input: { uuid: device.uuid, location_uuid }, defer });
    return succeeded(changed ? undefined : "Already in this location.");
  },
  archive: async ({ ctx, defer, device }) => {
    if (device.connected_status === "archived") return succeeded("Already archived.");
    await setArchived({ ctx, input: { uuid: device.uuid, archived: true }, defer });
    return succeeded();
  },
};

/** Enable/disable through the agent (PATCH …/enabled-status/'s service); the catalogue records it once. */
async function setEnabled({ ctx, defer, device, requestId }: Step, enabled: boolean): Promise<Done> {
  const input = { uuid: device.uuid, column: "enabled" as const, action: "set-enabled" as const, value: enabled };
  await changeSetting({ ctx, input: { ...input, request_id: requestId }, defer });
  return succeeded();
}

export async function bulkDevices({ ctx, input, defer }: WriteArgs<Input>): Promise<DeviceBulkReply> {
  await checkParams(ctx, input);
  const { rows, missing } = await targets(ctx, input);
  const bulkId = input.request_id ?? crypto.randomUUID();
  const done = await mapBounded(rows, async (device): Promise<DeviceBulkResult> => {
    const step = { ctx, input, defer, device, requestId: `bulk:${bulkId}:${device.uuid}` };
    try {
      return { device_uuid: device.uuid, device_name: device.name, ...(await STEPS[input.action](step)) };
    } catch (error) {
      const failure = failureOf(error);
      const outcome = failure.code === "device_offline" ? "offline" : "failed";
      return { device_uuid: device.uuid, device_name: device.name, outcome, ...failure };
    }
  });
  const results = [
    ...done,
    ...missing.map((device_uuid) => ({ device_uuid, outcome: "failed" as const, ...NOT_FOUND })),
  ];
  return { action: input.action, request_id: bulkId, results, counts: countOutcomes(results) };
}

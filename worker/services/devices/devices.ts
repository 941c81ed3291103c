import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DeviceAddInput, DeviceEditInput } from "../../../contracts/device.ts";
import type { DeviceDetail } from "../../../contracts/device-detail.ts";
import { deviceTable as d, deviceTagTable, locationTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import type { Defer } from "../../lib/defer.ts";
import { ApiError } from "../../lib/errors.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditChange, inSpace } from "../kernel/scope.ts";
import { knownTagsQuery, tagLinkWrites, tagsByOwner, tagsQuery, unknownTags, unknownTagsFrom } from "../spaces/tags.ts";
import { deviceNotFound, getDeviceDetail } from "./detail.ts";
import { announceDevice } from "./events.ts";

/** 400 with field errors for references that are not this space's (a bad uuid is not a 500). */
async function checkReferences(ctx: SpaceCtx, refs: { location?: string; tagUuids?: readonly string[] | null }) {
  const errors: Record<string, string[]> = {};
  if (refs.location !== undefined) {
    const location = await ctx.db
      .select({ uuid: locationTable.uuid })
      .from(locationTable)
      .where(inSpace(ctx, locationTable, eq(locationTable.uuid, refs.location)))
      .get();
    if (!location) errors.location = ["Location not found."];
  }
  const missing = await unknownTags(ctx, refs.tagUuids ?? []);
  if (missing.length) errors.tag_uuids = [tagsNotFound(missing)];
  if (Object.keys(errors).length) throw referenceErrors(errors);
}

const tagsNotFound = (missing: readonly string[]) => `Tags not found: ${missing.join(", ")}.`;
const referenceErrors = (errors: Record<string, string[]>) =>
  new ApiError("validation_error", "There are validation errors.", errors);

/**
 * POST /space/{space}/device/add/ (Add Runner Device): a device record without an agent
 * (non_connected, type Unknown until an agent enrols), with its tags, audited in one batch.
 */
export async function createDevice({
  ctx,
  input,
  defer,
  also,
}: {
  ctx: SpaceCtx;
  input: DeviceAddInput;
  defer: Defer;
  /**
   * Installing a detected device: what is known of the machine (type, addresses), and more
   * statements for the same batch (they run after the device's insert).
   */
  also?: {
    uuid?: string;
    columns?: Partial<
      Pick<
        typeof d.$inferInsert,
        "device_type_uuid" | "device_category_uuid" | "ip_address" | "local_ip_addresses" | "mac_addresses"
      >
    >;
    statements?: BatchItem<"sqlite">[];
    audit?: Record<string, unknown>;
  };
}): Promise<DeviceDetail> {
  await checkReferences(ctx, { location: input.location, tagUuids: input.tag_uuids });
  const uuid = also?.uuid ?? crypto.randomUUID();
  await ctx.db.batch([
    ctx.db.insert(d).values({
      uuid,
      space_uuid: ctx.space.space_uuid,
      name: input.name,
      description: input.description ?? "",
      device_class: input.device_class ?? null,
      location_uuid: input.location,
      created_by_user_uuid: ctx.user.uuid,
      ...also?.columns,
    }),
    ...tagLinkWrites(ctx, deviceTagTable, uuid, input.tag_uuids ?? []),
    ...(also?.statements ?? []),
    auditChange(ctx, {
      action: "device.create",
      entityType: "device",
      entityUuid: uuid,
      after: { ...input, ...also?.audit },
    }),
  ]);
  announceDevice(ctx, defer, "deviceUpdated", { uuid, name: input.name });
  return getDeviceDetail({ ctx, input: { uuid } });
}

/** PATCH /space/{space}/device/{uuid}/: name, description, tags (replaced when sent), in any status. */
export async function updateDevice({
  ctx,
  input,
  defer,
}: WriteArgs<DeviceEditInput & { uuid: string }>): Promise<DeviceDetail> {
  const { uuid, ...edit } = input;
  // The reads before the write are one D1 batch (one round trip): dashboards hear of the change
  // right after the write (issue 19 target 2: publish latency of a device edit).
  const tagUuids = edit.tag_uuids ?? [];
  const [devices, tagRows, knownTags] = await ctx.db.batch([
    ctx.db
      .select()
      .from(d)
      .where(inSpace(ctx, d, eq(d.uuid, uuid)))
      .limit(1),
    tagsQuery(ctx, deviceTagTable, [uuid]),
    knownTagsQuery(ctx, tagUuids),
  ]);
  // Refusals in this order: an unknown device first, then unknown tags.
  const current = devices[0];
  if (!current) throw deviceNotFound();
  const missing = unknownTagsFrom(tagUuids, knownTags);
  if (missing.length) throw referenceErrors({ tag_uuids: [tagsNotFound(missing)] });
  const tagsBefore = tagsByOwner(tagRows);
  const set: Partial<typeof d.$inferInsert> = {};
  if (edit.name !== undefined) set.name = edit.name;
  if (edit.description !== undefined) set.description = edit.description ?? "";
  const tagsChange = edit.tag_uuids !== undefined;
  if (Object.keys(set).length === 0 && !tagsChange) return getDeviceDetail({ ctx, input: { uuid } });

  const beforeTags = tagsBefore.get(uuid) ?? [];
  const statements: BatchItem<"sqlite">[] = [
    // updated_at moves even when only the tags change (Time Modified).
    ctx.db
      .update(d)
      .set({ ...set, updated_at: new Date().toISOString() })
      .where(inSpace(ctx, d, eq(d.uuid, uuid))),
  ];
  if (tagsChange) statements.push(...tagLinkWrites(ctx, deviceTagTable, uuid, edit.tag_uuids ?? [], { replace: true }));
  await ctx.db.batch([
    auditChange(ctx, {
      action: "device.update",
      entityType: "device",
      entityUuid: uuid,
      before: { name: current.name, description: current.description, tag_uuids: beforeTags.map((t) => t.uuid) },
      after: edit,
    }),
    ...statements,
  ]);
  announceDevice(ctx, defer, "deviceUpdated", { uuid, name: set.name ?? current.name });
  return getDeviceDetail({ ctx, input: { uuid } });
}

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { DeviceDetail } from "../../../contracts/devices/detail.ts";
import type { DeviceAddInput, DeviceEditInput } from "../../../contracts/devices/schema.ts";
import { deviceTable as d, deviceTagTable, locationTable, tagTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { type Defer, letRoomsRun } from "../../lib/defer.ts";
import { ApiError } from "../../lib/errors.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditInsertWhen } from "../kernel/audit-when.ts";
import { auditChange, inSpace } from "../kernel/scope.ts";
import { knownTagsQuery, tagLinkWrites, unknownTags, unknownTagsFrom } from "../spaces/tags.ts";
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

/**
 * PATCH /space/{space}/device/{uuid}/: name, description, tags (replaced when sent), in any status.
 *
 * One D1 round trip before the publish (a dashboard hears of an edit one write
 * after the request): the batch reads the device and which tags are known, and every write in it
 * (the audit entry with its before-state read in SQL, the update, the tag links) holds only when
 * the device is this space's and every tag is known. A refused edit therefore writes nothing, and
 * the refusals keep their order: an unknown device first, then unknown tags. Answers the device's
 * detail, read after the space's room has had its turn to fan the change out.
 */
export async function updateDevice(args: WriteArgs<DeviceEditInput & { uuid: string }>): Promise<DeviceDetail> {
  if (await editDevice(args)) await letRoomsRun();
  return getDeviceDetail({ ctx: args.ctx, input: { uuid: args.input.uuid } });
}

/**
 * The edit of updateDevice without its answer (a bulk step reads no detail). Returns whether
 * anything was written (and announced); refusals throw as updateDevice's.
 */
export async function editDevice({
  ctx,
  input,
  defer,
}: WriteArgs<DeviceEditInput & { uuid: string }>): Promise<boolean> {
  const { uuid, ...edit } = input;
  const set: Partial<typeof d.$inferInsert> = {};
  if (edit.name !== undefined) set.name = edit.name;
  if (edit.description !== undefined) set.description = edit.description ?? "";
  const tagsChange = edit.tag_uuids !== undefined;
  if (Object.keys(set).length === 0 && !tagsChange) return false;

  const space = ctx.space.space_uuid;
  const tagUuids = [...new Set(edit.tag_uuids ?? [])];
  const tagList = JSON.stringify(tagUuids);
  const deviceHere = sql`exists (select 1 from ${d} where ${d.space_uuid} = ${space} and ${d.uuid} = ${uuid})`;
  const tagsKnown = tagUuids.length
    ? sql`(select count(*) from ${tagTable} where ${tagTable.space_uuid} = ${space}
        and ${tagTable.uuid} in (select value from json_each(${tagList}))) = ${tagUuids.length}`
    : sql`1`;
  const applies = and(deviceHere, tagsKnown) as SQL;
  // The audit's before-state, as the batch finds it (its tags by name, as the detail lists them).
  const before = sql`(select json_object('name', ${d.name}, 'description', ${d.description}, 'tag_uuids', json((
      select json_group_array("uuid") from (select ${tagTable.uuid} as "uuid" from ${deviceTagTable}
        inner join ${tagTable} on ${tagTable.uuid} = ${deviceTagTable.tag_uuid}
        where ${deviceTagTable.space_uuid} = ${space} and ${deviceTagTable.device_uuid} = ${uuid}
        order by ${tagTable.name}))))
    from ${d} where ${d.space_uuid} = ${space} and ${d.uuid} = ${uuid})`;
  const writes: BatchItem<"sqlite">[] = [
    auditInsertWhen(
      ctx.db,
      {
        spaceUuid: space,
        actorUserUuid: ctx.user.uuid,
        action: "device.update",
        entityType: "device",
        entityUuid: uuid,
        before,
        after: edit,
      },
      applies,
    ),
    // updated_at moves even when only the tags change (Time Modified).
    ctx.db
      .update(d)
      .set({ ...set, updated_at: new Date().toISOString() })
      .where(and(inSpace(ctx, d, eq(d.uuid, uuid)), tagsKnown)),
  ];
  if (tagsChange) {
    writes.push(
      ctx.db
        .delete(deviceTagTable)
        .where(and(inSpace(ctx, deviceTagTable, eq(deviceTagTable.device_uuid, uuid)), applies)),
      // Each known tag once, from the tag table itself: no chunking for D1's bound parameters.
      // (An INSERT … SELECT in the table's column order: device_uuid, tag_uuid, space_uuid.)
      ctx.db.insert(deviceTagTable).select(
        sql`select ${uuid}, ${tagTable.uuid}, ${tagTable.space_uuid} from ${tagTable}
        where ${tagTable.space_uuid} = ${space} and ${tagTable.uuid} in (select value from json_each(${tagList}))
        and ${applies}`,
      ),
    );
  }
  const [devices, knownTags] = await ctx.db.batch([
    ctx.db
      .select({ name: d.name })
      .from(d)
      .where(inSpace(ctx, d, eq(d.uuid, uuid)))
      .limit(1),
    knownTagsQuery(ctx, tagUuids),
    ...writes,
  ]);
  const current = devices[0];
  if (!current) throw deviceNotFound();
  const missing = unknownTagsFrom(edit.tag_uuids ?? [], knownTags);
  if (missing.length) throw referenceErrors({ tag_uuids: [tagsNotFound(missing)] });
  announceDevice(ctx, defer, "deviceUpdated", { uuid, name: set.name ?? current.name });
  return true;
}

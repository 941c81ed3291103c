import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  CUSTOM_KEYS,
  type CustomKey,
  LOCATION_FIELD_KEYS,
  type Location,
  type LocationAddInput,
  type LocationEditInput,
} from "../../../contracts/locations/schema.ts";
import { locationTable as l, locationTagTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { auditChange, inSpace } from "../kernel/scope.ts";
import { tagLinkWrites } from "../spaces/tags.ts";
import { announceLocations } from "./events.ts";
import { getLocation, requireLocationRow } from "./queries.ts";
import { checkLocation, displayIdTaken, isUniqueViolation, type LocationValues } from "./validation.ts";
import { hasSchedule, scheduleWrites } from "./working-time.ts";

/** Add or edit input (add's display id may be null; edit's must be text when sent). */
type FieldsInput = Omit<LocationEditInput, "display_id"> & { display_id?: string | null };
type Changes = Partial<Omit<typeof l.$inferInsert, "uuid" | "space_uuid">>;
const TEXT = ["name", "display_id", "description", "city", "address", "zip_code", "timezone"] as const;

/** The stored columns an input sets: null/"" clear; custom values only for enabled fields. */
function changesOf(ctx: SpaceCtx, input: FieldsInput): Changes {
  const out: Changes = {};
  for (const key of TEXT) if (input[key] !== undefined) out[key] = input[key] ?? "";
  if (input.location_type_uuid !== undefined) out.location_type_uuid = input.location_type_uuid || null;
  if (input.country_code !== undefined) out.country_code = input.country_code?.toUpperCase() || null;
  if (input.latitude !== undefined) out.latitude = input.latitude;
  if (input.longitude !== undefined) out.longitude = input.longitude;
  for (const key of CUSTOM_KEYS) {
    if (ctx.space[`${key}_enabled`] && input[key] !== undefined) out[key] = input[key] ?? "";
  }
  return out;
}

const EMPTY: LocationValues = {
  name: "",
  display_id: "",
  location_type_uuid: null,
  country_code: null,
  city: "",
  address: "",
  zip_code: "",
  timezone: "",
  ...(Object.fromEntries(CUSTOM_KEYS.map((key) => [key, ""])) as Record<CustomKey, string>),
};
const valuesOf = (row: LocationValues, changes: Changes): LocationValues => {
  const merged = { ...row, ...changes };
  return Object.fromEntries(Object.keys(EMPTY).map((k) => [k, merged[k as keyof LocationValues]])) as LocationValues;
};

/** The location uses the space's timezone when it has none or the same one. */
const globalTimezone = (ctx: SpaceCtx, timezone: string) => timezone === "" || timezone === ctx.space.timezone;

async function write(ctx: SpaceCtx, statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) {
  try {
    await ctx.db.batch(statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw displayIdTaken();
    throw error;
  }
}

/** POST /space/{space}/location/add/: the new location (announced to the space's dashboards). */
export async function createLocation({ ctx, input, defer }: WriteArgs<LocationAddInput>) {
  const changes = changesOf(ctx, input);
  const values = valuesOf(EMPTY, changes);
  await checkLocation(ctx, { mode: "add", values, tagUuids: input.tag_uuids });
  const uuid = crypto.randomUUID();
  const row = { ...changes, uuid, space_uuid: ctx.space.space_uuid, name: values.name };
  await write(ctx, [
    ctx.db.insert(l).values({ ...row, global_timezone_enabled: globalTimezone(ctx, values.timezone) }),
    ...tagLinkWrites(ctx, locationTagTable, uuid, input.tag_uuids ?? []),
    auditChange(ctx, { action: "location.create", entityType: "location", entityUuid: uuid, after: input }),
  ]);
  announceLocations(ctx, defer, "locationUpdated", [{ uuid, name: values.name }]);
  return getLocation({ ctx, input: { uuid } });
}

/**
 * PATCH /space/{space}/location/{loc}/: location fields (checked as the resulting location), tags
 * (replaced when sent) and the working time, in one batch with the audit entry.
 */
export async function updateLocation({
  ctx,
  input,
  defer,
}: WriteArgs<LocationEditInput & { uuid: string }>): Promise<Location> {
  const { uuid, ...edit } = input;
  const current = await requireLocationRow(ctx, uuid);
  const changes = changesOf(ctx, edit);
  const values = valuesOf(current, changes);
  if (LOCATION_FIELD_KEYS.some((key) => edit[key] !== undefined)) {
    await checkLocation(ctx, { mode: "edit", values, tagUuids: edit.tag_uuids, self: uuid });
  }
  const schedule = hasSchedule(edit);
  const workingTimeFlag = schedule ? (edit.global_working_time_enabled ?? false) : edit.global_working_time_enabled;
  const set: Changes = { ...changes, global_timezone_enabled: globalTimezone(ctx, values.timezone) };
  if (workingTimeFlag !== undefined) set.global_working_time_enabled = workingTimeFlag;
  const tags =
    edit.tag_uuids === undefined
      ? []
      : tagLinkWrites(ctx, locationTagTable, uuid, edit.tag_uuids ?? [], { replace: true });
  await write(ctx, [
    ctx.db
      .update(l)
      .set(set)
      .where(inSpace(ctx, l, eq(l.uuid, uuid))),
    ...tags,
    ...scheduleWrites(ctx, uuid, edit),
    auditChange(ctx, {
      action: "location.update",
      entityType: "location",
      entityUuid: uuid,
      before: current,
      after: edit,
    }),
  ]);
  announceLocations(ctx, defer, "locationUpdated", [{ uuid, name: values.name }]);
  return getLocation({ ctx, input: { uuid } });
}

/** DELETE /space/{space}/location/{loc}/: its devices stay, without a location (FK set null). */
export async function deleteLocation({ ctx, input, defer }: WriteArgs<{ uuid: string }>) {
  const current = await requireLocationRow(ctx, input.uuid);
  await ctx.db.batch([
    auditChange(ctx, { action: "location.delete", entityType: "location", entityUuid: current.uuid, before: current }),
    ctx.db.delete(l).where(inSpace(ctx, l, eq(l.uuid, current.uuid))),
  ]);
  announceLocations(ctx, defer, "locationDeleted", [current]);
}

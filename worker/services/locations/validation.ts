import { eq, ne, or } from "drizzle-orm";
import { CUSTOM_KEYS, type CustomKey } from "../../../contracts/locations/schema.ts";
import { countryTable, locationTable as l, locationTypeTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCtx, SpaceRow } from "../../env.ts";
import { ApiError } from "../../lib/errors.ts";
import { inSpace } from "../kernel/scope.ts";
import { unknownTags } from "../spaces/tags.ts";

/** What a location will look like after the write (stored values merged with the input). */
export type LocationValues = {
  name: string;
  display_id: string;
  location_type_uuid: string | null;
  country_code: string | null;
  city: string;
  address: string;
  zip_code: string;
  timezone: string;
} & Record<CustomKey, string>;

/**
 * console.md §5: an edit requires the name and the display id; country, city, address, zip code
 * and time zone are checked only when filled (whatever the location's type).
 */
const EDIT_REQUIRED = ["name", "display_id"] as const;

export const isTimezone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/**
 * The space's enabled custom fields with their rules. A field is required when the Admin chose
 * Required or its alias contains "req", unique when Required & Unique or the alias contains "unq"
 * (any case; console.md §5). Unique implies required.
 */
export function customFieldRules(space: SpaceRow) {
  return CUSTOM_KEYS.filter((key) => space[`${key}_enabled`]).map((key) => {
    const alias = space[`${key}_alias`].trim() || key;
    const unique = space[`${key}_unique`] || /unq/i.test(alias);
    return { key, alias, unique, required: unique || space[`${key}_required`] || /req/i.test(alias) };
  });
}

type Errors = Record<string, string[]>;
const push = (errors: Errors, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};

/** Custom-field messages: the add form's texts or the edit form's (console.md §5). */
async function checkCustomFields(
  ctx: SpaceCtx,
  v: LocationValues,
  mode: "add" | "edit",
  self: string | null,
  errors: Errors,
) {
  const rules = customFieldRules(ctx.space);
  const taken = rules.filter((r) => r.unique && v[r.key] !== "").map((r) => eq(l[r.key], v[r.key]));
  const clashes = taken.length
    ? await ctx.db
        .select()
        .from(l)
        .where(inSpace(ctx, l, self ? ne(l.uuid, self) : undefined, or(...taken)))
    : [];
  for (const r of rules) {
    const value = v[r.key];
    const clash = value !== "" && clashes.some((row) => row[r.key] === value);
    if (r.unique && (value === "" || clash)) {
      push(errors, r.key, `${r.alias} is required and must be unique${mode === "add" ? "." : ""}`);
    } else if (r.required && value === "") {
      push(errors, r.key, mode === "add" ? `${r.alias} is required.` : `${r.alias} cannot be blank`);
    }
  }
}

/**
 * The server-side checks of add and edit that need data: known type, country and tags, a valid
 * timezone, the custom-field rules, on edit the required name/display id and the per-type table.
 * 400 with field errors, then 409 when the display id is taken in the space.
 */
export async function checkLocation(
  ctx: SpaceCtx,
  opts: { mode: "add" | "edit"; values: LocationValues; tagUuids?: readonly string[] | null; self?: string },
) {
  const { mode, values: v, self = null } = opts;
  const errors: Errors = {};
  const [type, country, missingTags] = await Promise.all([
    v.location_type_uuid
      ? ctx.db.select().from(locationTypeTable).where(eq(locationTypeTable.uuid, v.location_type_uuid)).get()
      : null,
    v.country_code ? ctx.db.select().from(countryTable).where(eq(countryTable.code, v.country_code)).get() : null,
    unknownTags(ctx, opts.tagUuids ?? []),
  ]);
  if (v.location_type_uuid && !type) push(errors, "location_type_uuid", "Location type not found.");
  if (v.country_code && !country) push(errors, "country_code", "Country not found.");
  if (missingTags.length) push(errors, "tag_uuids", `Tags not found: ${missingTags.join(", ")}.`);
  if (v.timezone && !isTimezone(v.timezone)) push(errors, "timezone", "Unknown timezone.");
  if (mode === "edit") {
    for (const field of EDIT_REQUIRED) {
      if (!v[field]) push(errors, field, "Required");
    }
  }
  await checkCustomFields(ctx, v, mode, self, errors);
  if (Object.keys(errors).length) throw new ApiError("validation_error", "There are validation errors.", errors);
  await checkDisplayIdFree(ctx, v.display_id, self);
}

async function checkDisplayIdFree(ctx: SpaceCtx, displayId: string, self: string | null) {
  if (!displayId) return;
  const taken = await ctx.db
    .select({ uuid: l.uuid })
    .from(l)
    .where(inSpace(ctx, l, eq(l.display_id, displayId), self ? ne(l.uuid, self) : undefined))
    .get();
  if (taken) throw displayIdTaken();
}

export const displayIdTaken = () => new ApiError("conflict", "Location with this display id already exists.");

/** A write that lost the race for the unique display id (or any unique index) still answers 409. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && (/UNIQUE constraint failed/.test(error.message) || isUniqueViolation(error.cause));

import { and, eq } from "drizzle-orm";
import {
  type ConsentRequest,
  DEFAULT_LOCATION_CONSENT,
  DEFAULT_SESSION_POLICY,
  type LocationConsent,
  type PolicyRole,
  type SessionPolicy,
  type SessionRight,
} from "../../../contracts/sessions/schema.ts";
import {
  locationConsentTable,
  locationTable,
  sessionPolicyTable,
  spaceTable,
  workingTimeTable,
} from "../../../drizzle/schema/index.ts";
import type { RoleCode, SpaceCtx } from "../../env.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { auditChange } from "../kernel/scope.ts";
import { expectedOnline } from "../locations/working-hours.ts";

/** A space's session policy (the defaults when it never saved one). */
export async function readSessionPolicy(db: Db, space_uuid: string): Promise<SessionPolicy> {
  const row = await db
    .select({ policy: sessionPolicyTable.policy })
    .from(sessionPolicyTable)
    .where(eq(sessionPolicyTable.space_uuid, space_uuid))
    .get();
  return row?.policy ?? DEFAULT_SESSION_POLICY;
}

/** Whether `role` may use `right` under `policy`; Viewers never (a read-only role). */
export function roleMay(policy: SessionPolicy, role: RoleCode, right: SessionRight): boolean {
  if (role === "viewer") return false;
  return policy.rights[role as PolicyRole][right];
}

export const getSessionPolicy = ({ ctx }: { ctx: SpaceCtx }) => readSessionPolicy(ctx.db, ctx.space.space_uuid);

export async function saveSessionPolicy({ ctx, input }: { ctx: SpaceCtx; input: SessionPolicy }) {
  const before = await readSessionPolicy(ctx.db, ctx.space.space_uuid);
  await ctx.db.batch([
    ctx.db
      .insert(sessionPolicyTable)
      .values({ space_uuid: ctx.space.space_uuid, policy: input })
      .onConflictDoUpdate({ target: sessionPolicyTable.space_uuid, set: { policy: input } }),
    auditChange(ctx, {
      action: "space.session_policy.save",
      entityType: "space",
      entityUuid: ctx.space.space_uuid,
      before,
      after: input,
    }),
  ]);
  return input;
}

const locationNotFound = () => new ApiError("not_found", "Location not found.");

async function requireLocation(ctx: SpaceCtx, location_uuid: string) {
  const row = await ctx.db
    .select({ uuid: locationTable.uuid })
    .from(locationTable)
    .where(and(eq(locationTable.uuid, location_uuid), eq(locationTable.space_uuid, ctx.space.space_uuid)))
    .get();
  if (!row) throw locationNotFound();
}

async function readConsent(db: Db, space_uuid: string, location_uuid: string): Promise<LocationConsent> {
  const row = await db
    .select()
    .from(locationConsentTable)
    .where(and(eq(locationConsentTable.location_uuid, location_uuid), eq(locationConsentTable.space_uuid, space_uuid)))
    .get();
  if (!row) return DEFAULT_LOCATION_CONSENT;
  return { mode: row.mode, timeout_s: row.timeout_s, default_action: row.default_action, banner: row.banner };
}

export async function getLocationConsent({ ctx, input }: { ctx: SpaceCtx; input: { location_uuid: string } }) {
  await requireLocation(ctx, input.location_uuid);
  return readConsent(ctx.db, ctx.space.space_uuid, input.location_uuid);
}

export async function saveLocationConsent({
  ctx,
  input,
}: {
  ctx: SpaceCtx;
  input: LocationConsent & { location_uuid: string };
}) {
  const { location_uuid, ...consent } = input;
  await requireLocation(ctx, location_uuid);
  const before = await readConsent(ctx.db, ctx.space.space_uuid, location_uuid);
  await ctx.db.batch([
    ctx.db
      .insert(locationConsentTable)
      .values({ location_uuid, space_uuid: ctx.space.space_uuid, ...consent })
      .onConflictDoUpdate({ target: locationConsentTable.location_uuid, set: consent }),
    auditChange(ctx, {
      action: "location.session_consent.save",
      entityType: "location",
      entityUuid: location_uuid,
      before,
      after: consent,
    }),
  ]);
  return consent;
}

/**
 * What a session on a device at `location_uuid` must ask at the device (consent null: nothing)
 * and whether the agent shows a banner, from the location's consent settings (`consent`, read by
 * the caller): for "working_hours" whether `now` is inside the hours the location follows (a
 * location without any working time set has no hours to prompt in, so nothing is asked; these
 * reads happen only in that mode). A device at no location asks nothing.
 */
export async function consentFor(
  db: Db,
  input: {
    space_uuid: string;
    location_uuid: string | null;
    consent: LocationConsent | null;
    operator: string;
    now: Date;
  },
): Promise<{ consent: ConsentRequest | null; banner: boolean }> {
  if (!input.location_uuid) return { consent: null, banner: false };
  const consent = input.consent ?? DEFAULT_LOCATION_CONSENT;
  const bannerOnly = { consent: null, banner: consent.banner };
  if (consent.mode === "off") return bannerOnly;
  if (consent.mode === "working_hours") {
    const [location, space, rows] = await db.batch([
      db
        .select({
          uuid: locationTable.uuid,
          timezone: locationTable.timezone,
          global_timezone_enabled: locationTable.global_timezone_enabled,
          global_working_time_enabled: locationTable.global_working_time_enabled,
        })
        .from(locationTable)
        .where(eq(locationTable.uuid, input.location_uuid)),
      db.select({ timezone: spaceTable.timezone }).from(spaceTable).where(eq(spaceTable.space_uuid, input.space_uuid)),
      db
        .select({
          location_uuid: workingTimeTable.location_uuid,
          day: workingTimeTable.day,
          start: workingTimeTable.start,
          end: workingTimeTable.end,
        })
        .from(workingTimeTable)
        .where(eq(workingTimeTable.space_uuid, input.space_uuid)),
    ]);
    const here = location[0];
    if (!here || expectedOnline(here, rows, space[0]?.timezone ?? "UTC", input.now) !== true) return bannerOnly;
  }
  return {
    consent: { timeout_ms: consent.timeout_s * 1000, default_action: consent.default_action, operator: input.operator },
    banner: consent.banner,
  };
}

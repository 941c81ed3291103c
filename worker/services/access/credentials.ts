// The space's display links and API tokens as a resource: listed, added, revoked (their sockets closed) and described.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  type ApiTokenAddInput,
  CREDENTIAL_ENDED,
  type CredentialKind,
  type CredentialSelf,
  type DisplayLinkAddInput,
  type IssuedCredential,
  type SpaceCredential,
} from "../../../contracts/access/schema.ts";
import { CloseCode } from "../../../contracts/realtime/events.ts";
import {
  locationGroupTable,
  locationTable,
  spaceCredentialTable,
  spaceTable,
  userTable,
} from "../../../drizzle/schema/index.ts";
import type { Env, SpaceCredentialRow, SpaceCtx } from "../../env.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { roomServer, spaceRegion } from "../kernel/placement.ts";
import { auditChange, inList, inSpace } from "../kernel/scope.ts";
import { CREATOR_GONE, newSecret } from "./credential-secrets.ts";

/** Rows → the list's shape: the scope's and the creator's names resolved (three queries for the page). */
async function present(ctx: Pick<SpaceCtx, "db" | "space">, rows: SpaceCredentialRow[]): Promise<SpaceCredential[]> {
  const ids = (pick: (row: SpaceCredentialRow) => string | null) => [
    ...new Set(rows.map(pick).filter((id): id is string => id !== null)),
  ];
  const [groups, locations, users] = await Promise.all([
    namesOf(
      ctx,
      locationGroupTable,
      ids((r) => r.location_group_uuid),
    ),
    namesOf(
      ctx,
      locationTable,
      ids((r) => r.location_uuid),
    ),
    creators(
      ctx.db,
      ids((r) => r.created_by_user_uuid),
    ),
  ]);
  return rows.map((row) => ({
    uuid: row.uuid,
    kind: row.kind,
    name: row.name,
    scope: row.scope,
    location_group_uuid: row.location_group_uuid,
    location_group_name: row.location_group_uuid ? (groups.get(row.location_group_uuid) ?? null) : null,
    location_uuid: row.location_uuid,
    location_name: row.location_uuid ? (locations.get(row.location_uuid) ?? null) : null,
    created_by: row.created_by_user_uuid
      ? { user_uuid: row.created_by_user_uuid, name: users.get(row.created_by_user_uuid) ?? "" }
      : null,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at,
  }));
}

async function namesOf(
  ctx: Pick<SpaceCtx, "db" | "space">,
  table: typeof locationGroupTable | typeof locationTable,
  uuids: string[],
): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ uuid: table.uuid, name: table.name })
    .from(table)
    .where(inSpace(ctx, table, inList(table.uuid, uuids)));
  return new Map(rows.map((r) => [r.uuid, r.name]));
}

async function creators(db: Db, uuids: string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ uuid: userTable.uuid, display_name: userTable.display_name, email: userTable.email })
    .from(userTable)
    .where(inArray(userTable.uuid, uuids));
  return new Map(rows.map((r) => [r.uuid, r.display_name || r.email]));
}

/** GET /space/{space}/display-link/items/ and /api-token/items/: the space's credentials of `kind`, newest first. */
export async function listCredentials({ ctx, input }: ServiceArgs<{ kind: CredentialKind }>) {
  const rows = await ctx.db
    .select()
    .from(spaceCredentialTable)
    .where(inSpace(ctx, spaceCredentialTable, eq(spaceCredentialTable.kind, input.kind)))
    .orderBy(desc(spaceCredentialTable.created_at), desc(spaceCredentialTable.uuid));
  return present(ctx, rows);
}

const notAChoice = (field: string, value: string) =>
  new ApiError("validation_error", "There are validation errors.", {
    [field]: [`Select a valid choice. ${value} is not one of the available choices.`],
  });

/** The scope of a new display link must name a group or a location of this space (400 otherwise). */
async function checkScope(ctx: SpaceCtx, input: DisplayLinkAddInput) {
  if (input.location_group_uuid) {
    const group = await ctx.db
      .select({ uuid: locationGroupTable.uuid })
      .from(locationGroupTable)
      .where(inSpace(ctx, locationGroupTable, eq(locationGroupTable.uuid, input.location_group_uuid)))
      .get();
    if (!group) throw notAChoice("location_group_uuid", input.location_group_uuid);
  }
  if (input.location_uuid) {
    const location = await ctx.db
      .select({ uuid: locationTable.uuid })
      .from(locationTable)
      .where(inSpace(ctx, locationTable, eq(locationTable.uuid, input.location_uuid)))
      .get();
    if (!location) throw notAChoice("location_uuid", input.location_uuid);
  }
}

type AddInput = ({ kind: "display_link" } & DisplayLinkAddInput) | ({ kind: "api_token" } & ApiTokenAddInput);

/**
 * POST /space/{space}/display-link/add/ and /api-token/add/ (Admin): a new credential. The reply
 * carries the secret this once; the database keeps only its SHA-256.
 */
export async function addCredential({ ctx, input }: ServiceArgs<AddInput>): Promise<IssuedCredential> {
  if (input.kind === "display_link") await checkScope(ctx, input);
  const secret = newSecret(input.kind);
  const uuid = crypto.randomUUID();
  const values = {
    uuid,
    space_uuid: ctx.space.space_uuid,
    kind: input.kind,
    name: input.name,
    scope: input.kind === "api_token" ? input.scope : "read",
    location_group_uuid: input.kind === "display_link" ? (input.location_group_uuid ?? null) : null,
    location_uuid: input.kind === "display_link" ? (input.location_uuid ?? null) : null,
    secret_hash: await sha256Hex(secret),
    created_by_user_uuid: ctx.user.uuid,
    expires_at: input.expires_at ? new Date(input.expires_at).toISOString() : null,
  } as const;
  const [, [row]] = await ctx.db.batch([
    auditChange(ctx, {
      action: `${input.kind}.create`,
      entityType: input.kind,
      entityUuid: uuid,
      after: {
        name: values.name,
        scope: values.scope,
        location_group_uuid: values.location_group_uuid,
        location_uuid: values.location_uuid,
        expires_at: values.expires_at,
      },
    }),
    ctx.db.insert(spaceCredentialTable).values(values).returning(),
  ]);
  const [shown] = await present(ctx, [row]);
  return { ...shown, secret };
}

/**
 * DELETE /space/{space}/display-link/{uuid}/ and /api-token/{uuid}/ (Admin): revokes the
 * credential (the row stays, listed as revoked) and closes its sockets in the space's room with
 * CloseCode.credentialRevoked before answering. Revoking a revoked one changes nothing.
 */
export async function revokeCredential({ ctx, input }: ServiceArgs<{ kind: CredentialKind; uuid: string }>) {
  const row = await ctx.db
    .select()
    .from(spaceCredentialTable)
    .where(
      inSpace(
        ctx,
        spaceCredentialTable,
        eq(spaceCredentialTable.uuid, input.uuid),
        eq(spaceCredentialTable.kind, input.kind),
      ),
    )
    .get();
  if (!row)
    throw new ApiError("not_found", input.kind === "display_link" ? "Display link not found." : "API token not found.");
  if (!row.revoked_at) {
    const revokedAt = new Date().toISOString();
    await ctx.db.batch([
      ctx.db
        .update(spaceCredentialTable)
        .set({ revoked_at: revokedAt })
        .where(and(eq(spaceCredentialTable.uuid, row.uuid), isNull(spaceCredentialTable.revoked_at))),
      auditChange(ctx, {
        action: `${row.kind}.revoke`,
        entityType: row.kind,
        entityUuid: row.uuid,
        before: { revoked_at: null },
        after: { revoked_at: revokedAt },
      }),
    ]);
  }
  // Also on a repeated revoke: a socket that somehow outlived the first one goes now.
  await closeCredentialSockets(ctx.env, row.space_uuid, row.uuid, CREDENTIAL_ENDED[row.kind].revoked);
}

/**
 * Closes every socket a credential holds (credentials join only their space's room) with
 * CloseCode.credentialRevoked and `reason`, which the wall shows. Awaited, so the sockets are
 * gone when the revoke answers.
 */
export async function closeCredentialSockets(env: Env, spaceUuid: string, credentialUuid: string, reason: string) {
  const room = await roomServer(env, "space", spaceUuid, await spaceRegion(env, spaceUuid));
  return room.revokeCredential(credentialUuid, CloseCode.credentialRevoked, reason);
}

/**
 * Closes the sockets of every live credential a user created in a space (their membership was
 * disabled or removed), with CloseCode.credentialRevoked: reconnecting would be refused. Returns
 * how many sockets were closed.
 */
export async function closeCreatedCredentialSockets(env: Env, db: Db, spaceUuid: string, userUuid: string) {
  const rows = await db
    .select({ uuid: spaceCredentialTable.uuid })
    .from(spaceCredentialTable)
    .where(
      and(
        eq(spaceCredentialTable.space_uuid, spaceUuid),
        eq(spaceCredentialTable.created_by_user_uuid, userUuid),
        isNull(spaceCredentialTable.revoked_at),
      ),
    );
  if (rows.length === 0) return 0;
  const room = await roomServer(env, "space", spaceUuid, await spaceRegion(env, spaceUuid));
  let closed = 0;
  for (const { uuid } of rows) closed += await room.revokeCredential(uuid, CloseCode.credentialRevoked, CREATOR_GONE);
  return closed;
}

/** GET /credential/self/: the credential sent as the bearer, with its space's name (the wall starts here). */
export async function describeCredential(db: Db, credential: SpaceCredentialRow): Promise<CredentialSelf> {
  const space = await db
    .select({ space_name: spaceTable.space_name })
    .from(spaceTable)
    .where(eq(spaceTable.space_uuid, credential.space_uuid))
    .get();
  if (!space) throw new ApiError("not_found", "Space not found.");
  return {
    uuid: credential.uuid,
    kind: credential.kind,
    name: credential.name,
    scope: credential.scope,
    space_uuid: credential.space_uuid,
    space_name: space.space_name,
    location_group_uuid: credential.location_group_uuid,
    location_uuid: credential.location_uuid,
    expires_at: credential.expires_at,
  };
}

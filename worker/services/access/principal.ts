import { and, eq } from "drizzle-orm";
import { ROLES } from "../../../contracts/reference.ts";
import { deviceTable, locationGroupLocationTable, spaceTable, userTable } from "../../../drizzle/schema/index.ts";
import type {
  ApiPrincipal,
  RoleCode,
  RoleRow,
  SpaceAccountRow,
  SpaceCredentialRow,
  SpaceRow,
  UserRow,
} from "../../env.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { CREATOR_GONE, creatorIsActive } from "./credential-secrets.ts";

type CredentialPrincipal = Extract<ApiPrincipal, { kind: "display_link" | "api_token" }>;
type Membership = { space: SpaceRow; account: SpaceAccountRow; role: RoleRow };

const forbidden = (message: string) => new ApiError("forbidden", message);

const RANK: Record<RoleCode, number> = { viewer: 0, content_manager: 1, admin: 2 };
const roleRow = (code: RoleCode): RoleRow => {
  const role = ROLES.find((r) => r.code === code);
  if (!role) throw new Error(`unknown role ${code}`);
  return { ...role };
};

/** The role a credential acts with: `operator` tokens as Content Manager, everything else as Viewer. */
const scopeRole = (credential: SpaceCredentialRow): RoleCode =>
  credential.kind === "api_token" && credential.scope === "operator" ? "content_manager" : "viewer";

/** Display links and `read` API tokens may read and join their space's room, never change anything. */
export const isReadOnly = (principal: ApiPrincipal) =>
  principal.kind === "display_link" || (principal.kind === "api_token" && principal.credential.scope === "read");

/**
 * The user a credential stands for in the services (ctx.user). An API token acts as the Admin who
 * created it — so audit entries, comments and created_by name a real person — without their
 * account flags (no RSSH, no Admin Panel). A display link only reads: a stand-in carries its uuid
 * and name, and names no person.
 */
export async function credentialUser(db: Db, credential: SpaceCredentialRow): Promise<UserRow> {
  if (credential.kind === "display_link") {
    return {
      uuid: credential.uuid,
      email: "",
      username: `display-link-${credential.uuid}`,
      display_name: credential.name,
      full_name: credential.name,
      password_hash: "",
      sys_dev: false,
      super_admin: false,
      created_at: credential.created_at,
      updated_at: credential.created_at,
    };
  }
  const creator = credential.created_by_user_uuid
    ? await db.select().from(userTable).where(eq(userTable.uuid, credential.created_by_user_uuid)).get()
    : undefined;
  if (!creator) throw forbidden("The account that created this API token no longer exists.");
  return { ...creator, sys_dev: false, super_admin: false };
}

/**
 * What requireSpaceMember sets for a credential (space, account, role), or 403. A credential
 * works only in its own space. An API token also needs its creator to still be an active member,
 * and never has more rights than they have (operator = at most Content Manager).
 */
export async function credentialMembership(
  db: Db,
  spaceUuid: string,
  principal: CredentialPrincipal,
  /** An API token's creator's active membership of the space (findMembership), or null. */
  creatorMembership: Membership | null,
): Promise<Membership> {
  const { credential } = principal;
  if (credential.space_uuid !== spaceUuid) throw forbidden("You do not have permission to perform this action.");
  const wanted = scopeRole(credential);
  if (credential.kind === "api_token") {
    const membership = creatorMembership;
    if (!membership) {
      throw forbidden("The account that created this API token is no longer an active member of the space.");
    }
    const role = RANK[membership.role.code] <= RANK[wanted] ? membership.role : roleRow(wanted);
    return { space: membership.space, account: membership.account, role };
  }
  const [space, creatorActive] = await Promise.all([
    db.select().from(spaceTable).where(eq(spaceTable.space_uuid, spaceUuid)).get(),
    creatorIsActive(db, credential),
  ]);
  if (!space) throw forbidden("You do not have permission to perform this action.");
  // A display link lasts as long as its creator's membership, like an API token (and its sockets).
  if (!creatorActive) throw forbidden(CREATOR_GONE);
  const viewer = roleRow("viewer");
  return {
    space,
    role: viewer,
    account: {
      account_uuid: credential.uuid,
      space_uuid: spaceUuid,
      user_uuid: credential.uuid,
      role_uuid: viewer.uuid,
      status: "active",
      online: false,
      last_seen: credential.last_used_at,
      invited_on: credential.created_at,
      created_at: credential.created_at,
    },
  };
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The one change a read-only credential may ask for: a ticket for its space's room (the service checks the room). */
const ROOM_TICKET = /^\/api\/space\/[^/]+\/room-ticket\/?$/;

/**
 * The central write guard: a read-only credential is refused (403) every request that
 * is not a read, whatever route it names — so a route added later is covered without a check of
 * its own. Runs before the route's own middleware and body validation.
 */
export function refuseReadOnlyWrite(principal: ApiPrincipal, method: string, path: string) {
  if (!isReadOnly(principal) || READ_METHODS.has(method.toUpperCase())) return;
  if (method.toUpperCase() === "POST" && ROOM_TICKET.test(path)) return;
  throw forbidden(
    principal.kind === "display_link"
      ? "A display link can only read: it cannot change anything."
      : "This API token has the read scope: it cannot change anything.",
  );
}

/** The space's members (names, e-mail addresses, presence): people's data, not a wall's. */
const ACCOUNT_PATH = /^\/api\/space\/[^/]+\/account(?:\/|$)/;

/**
 * A display link reads what a wall shows — the fleet — and never the space's member list or its
 * export (403). API tokens act for their Admin and may.
 */
export function refuseDisplayAccountReads(principal: ApiPrincipal, path: string) {
  if (principal.kind === "display_link" && ACCOUNT_PATH.test(path)) {
    throw forbidden("A display link does not read the space's accounts.");
  }
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const LOCATION_PATH = new RegExp(`^/api/space/[^/]+/location/(${UUID})(?:/|$)`, "i");
const GROUP_PATH = new RegExp(`^/api/space/[^/]+/location-group/(${UUID})(?:/|$)`, "i");
const DEVICE_PATH = new RegExp(`^/api/space/[^/]+/device/(${UUID})(?:/|$)`, "i");
/** Query parameters through which a read names a location or a group. */
const LOCATION_QUERY = ["location_uuid", "location"] as const;
const GROUP_QUERY = ["group", "location_group_uuid"] as const;

/**
 * The locations, groups and devices a request names (path and query). `query` holds every value
 * of each parameter (Hono's `queries()`): a list filter reads a repeated parameter as "any of",
 * so a scope check that saw only the first value would let the others through. Values are
 * compared as the lists read them: trimmed, and a uuid's case does not matter.
 */
export function namedTargets(path: string, query: Record<string, string[] | undefined>) {
  const pick = (re: RegExp) => re.exec(path)?.[1];
  const all = (keys: readonly string[]) => keys.flatMap((k) => query[k] ?? []);
  const present = (values: (string | undefined)[]) =>
    values.map((v) => v?.trim().toLowerCase()).filter((v): v is string => Boolean(v));
  return {
    locations: present([pick(LOCATION_PATH), ...all(LOCATION_QUERY)]),
    groups: present([pick(GROUP_PATH), ...all(GROUP_QUERY)]),
    devices: present([pick(DEVICE_PATH)]),
  };
}

/**
 * A display link narrowed to a group or a location: a read that names another location, group or
 * a device elsewhere is refused (403). Reads that name none (space-wide lists, counts) are not
 * narrowed here; the wall narrows itself with the scope GET /credential/self/ reports.
 */
export async function enforceDisplayScope(
  db: Db,
  credential: SpaceCredentialRow,
  request: { path: string; query: Record<string, string[] | undefined> },
) {
  const { location_group_uuid: group, location_uuid: location } = credential;
  if (credential.kind !== "display_link" || (!group && !location)) return;
  const named = namedTargets(request.path, request.query);
  const deviceLocations = await Promise.all(
    named.devices.map(async (uuid) => {
      const row = await db
        .select({ location_uuid: deviceTable.location_uuid })
        .from(deviceTable)
        .where(and(eq(deviceTable.uuid, uuid), eq(deviceTable.space_uuid, credential.space_uuid)))
        .get();
      // A device of no location (or none at all) is outside any narrowed scope.
      return row?.location_uuid ?? "";
    }),
  );
  const groupOk = (uuid: string) => Boolean(group) && uuid === group?.toLowerCase();
  const locationOk = async (uuid: string) => {
    if (!uuid) return false;
    if (location) return uuid === location.toLowerCase();
    const link = await db
      .select({ l: locationGroupLocationTable.location_uuid })
      .from(locationGroupLocationTable)
      .where(
        and(
          eq(locationGroupLocationTable.location_group_uuid, group as string),
          eq(locationGroupLocationTable.location_uuid, uuid),
        ),
      )
      .get();
    return Boolean(link);
  };
  const allowed =
    named.groups.every(groupOk) &&
    (await Promise.all([...named.locations, ...deviceLocations].map(locationOk))).every(Boolean);
  if (!allowed) throw forbidden("This display link does not cover that location.");
}

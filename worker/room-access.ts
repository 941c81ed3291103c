import { and, eq, isNull } from "drizzle-orm";
import { PRINCIPAL_HEADER, type Principal } from "../contracts/access/principal.ts";
import { credentialKindOf } from "../contracts/access/schema.ts";
import { deviceCredentialTable, userTable } from "../drizzle/schema/index.ts";
import { clientAddress } from "./auth/throttle.ts";
import { getConfig } from "./config.ts";
import type { Env, SpaceCredentialRow, UserRow } from "./env.ts";
import { sha256Hex } from "./lib/crypto.ts";
import { createDb, type Db } from "./lib/db.ts";
import { callerFromToken } from "./middleware/auth.ts";
import {
  CREATOR_GONE,
  creatorIsActive,
  credentialBySecret,
  credentialState,
  touchCredential,
} from "./services/access/credential-secrets.ts";
import { memberPrincipal } from "./services/access/identity.ts";
import {
  CREDENTIAL_ROOM_ONLY,
  consumeRoomTicket,
  type RoomParty,
  spaceOfRoom,
  TICKET_PREFIX,
} from "./services/access/tickets.ts";
import { admission, admit, connectLimit, release, retryLaterResponse } from "./services/devices/presence-admission.ts";
import { roomStub, spaceRegion } from "./services/kernel/placement.ts";

const deny = (status: 401 | 403 | 404, message: string) =>
  new Response(
    JSON.stringify({ code: status === 401 ? "unauthorized" : status === 403 ? "forbidden" : "not_found", message }),
    {
      status,
      headers: { "Content-Type": "application/json" },
    },
  );

type RoomCredential = { kind: "ticket" | "token"; value: string; inUrl: boolean };

/**
 * The credential of a room upgrade, in order of preference: the `Authorization: Bearer` header
 * (agents, server-side clients), a single-use `ticket` (browsers; also accepted in `token`), or
 * the `token` query parameter (an access token or device credential; kept for existing clients).
 */
function credentialOf(req: Request): RoomCredential | null {
  const header = /^Bearer\s+(.+)$/i.exec(req.headers.get("Authorization") ?? "")?.[1];
  if (header) return { kind: header.startsWith(TICKET_PREFIX) ? "ticket" : "token", value: header, inUrl: false };
  const params = new URL(req.url).searchParams;
  const ticket = params.get("ticket");
  if (ticket) return { kind: "ticket", value: ticket, inUrl: true };
  const token = params.get("token");
  if (token) return { kind: token.startsWith(TICKET_PREFIX) ? "ticket" : "token", value: token, inUrl: true };
  return null;
}

/** The room principal of a display link or API token: read-only, its space's room only. */
const credentialPrincipal = (credential: SpaceCredentialRow): Principal => ({
  kind: "credential",
  credential_uuid: credential.uuid,
  credential_kind: credential.kind,
  space_uuid: credential.space_uuid,
  ...(credential.expires_at ? { exp: Date.parse(credential.expires_at) } : {}),
});

/**
 * A display link or API token sent as the bearer of an upgrade (server-side clients; browsers
 * buy a ticket): it opens only its own space's room. Never accepted in the URL.
 */
async function credentialRoomPrincipal(
  db: Db,
  req: Request,
  credential: { value: string; inUrl: boolean },
  party: RoomParty,
  spaceUuid: string,
): Promise<Principal | Response> {
  if (credential.inUrl) {
    return deny(401, "Send a display link or API token in the Authorization header, or buy a room ticket with it.");
  }
  const row = await credentialBySecret(db, credential.value);
  if (!row || credentialState(row) !== "active") return deny(401, "This display link or API token is not valid.");
  if (party !== "space") return deny(403, CREDENTIAL_ROOM_ONLY);
  if (row.space_uuid !== spaceUuid) return deny(403, "This credential belongs to another space.");
  if (!(await creatorIsActive(db, row))) return deny(403, CREATOR_GONE);
  await touchCredential(
    db,
    row,
    clientAddress((name) => req.headers.get(name) ?? undefined),
  );
  return credentialPrincipal(row);
}

async function userPrincipal(db: Db, spaceUuid: string, user: UserRow, exp: number): Promise<Principal | Response> {
  return (await memberPrincipal(db, spaceUuid, user, exp)) ?? deny(403, "You are not a member of this space.");
}

/**
 * Authenticates a room upgrade before it reaches the Durable Object. A user (access token or
 * ticket) must be an active member of the room's space; a device credential opens only that
 * device's room; a display link or API token (its ticket, or itself in the header) only its
 * space's room. Returns the principal or a refusal (404/401/403) — no socket opens on a refusal.
 */
async function authenticateRoomRequest(
  req: Request,
  credential: RoomCredential,
  party: RoomParty,
  name: string,
  env: Env,
): Promise<Principal | Response> {
  const db = createDb(env);
  // An agent's upgrade reads one row: its credential names the device and
  // its space (a credential goes with its device: ON DELETE CASCADE). Only a credential that is
  // unknown or another device's needs the room's own space, for the refusal (404 before 401/403).
  const deviceCredential =
    party === "device" && isDeviceCredential(credential) ? await deviceCredentialOf(db, credential.value) : null;
  const spaceUuid =
    deviceCredential?.device_uuid === name ? deviceCredential.space_uuid : await spaceOfRoom(db, party, name);
  if (!spaceUuid) return deny(404, "Room not found.");

  if (credential.kind === "ticket") {
    const room = `${party}/${name}`;
    const used = await consumeRoomTicket(db, credential.value, room);
    if (used?.kind === "credential" && used.credential.space_uuid === spaceUuid) {
      // The ticket was bought up to 30 s ago: its creator may have left since.
      return (await creatorIsActive(db, used.credential))
        ? credentialPrincipal(used.credential)
        : deny(403, CREATOR_GONE);
    }
    if (used?.kind !== "user") return deny(401, "This ticket is unknown, used, expired or for another room.");
    const user = await db.select().from(userTable).where(eq(userTable.uuid, used.user_uuid)).get();
    if (!user) return deny(401, "This ticket is unknown, used, expired or for another room.");
    return userPrincipal(db, spaceUuid, user, used.token_exp);
  }

  const token = credential.value;
  if (credentialKindOf(token)) return credentialRoomPrincipal(db, req, credential, party, spaceUuid);
  if (token.split(".").length === 3) {
    // The API's cached caller (user and membership in one query, kept a few seconds and forgotten
    // on membership writes): a burst of upgrades with one token reads D1 once.
    const caller = await callerFromToken(token, { env, db, config: getConfig(env), requestUrl: req.url }, spaceUuid);
    if (!caller) return deny(401, "Given token not valid for any token type");
    if (!caller.membership) return deny(403, "You are not a member of this space.");
    return {
      kind: "user",
      user_uuid: caller.user.uuid,
      account_uuid: caller.membership.account.account_uuid,
      space_uuid: spaceUuid,
      exp: caller.exp,
      role: caller.membership.role.code,
    };
  }

  // What is left is a device credential, read above for a device's room.
  if (party !== "device") return deny(401, "Device credentials open only their device's room.");
  if (!deviceCredential) return deny(401, "Unknown device credential.");
  if (deviceCredential.device_uuid !== name) return deny(403, "This credential belongs to another device.");
  return { kind: "device", device_uuid: deviceCredential.device_uuid, space_uuid: deviceCredential.space_uuid };
}

type DeviceCredentialRow = typeof deviceCredentialTable.$inferSelect;

/** A device credential by its secret (only its hash is stored), unless revoked. */
const deviceCredentialOf = async (db: Db, token: string): Promise<DeviceCredentialRow | null> =>
  (await db
    .select()
    .from(deviceCredentialTable)
    .where(and(eq(deviceCredentialTable.token_hash, await sha256Hex(token)), isNull(deviceCredentialTable.revoked_at)))
    .get()) ?? null;

/** An agent's device credential: not a ticket, not a JWT, not a display link or API token. */
const isDeviceCredential = (credential: RoomCredential) =>
  credential.kind === "token" && !credentialKindOf(credential.value) && credential.value.split(".").length !== 3;

const PARTIES: Readonly<Record<string, RoomParty>> = { space: "space", location: "location", device: "device" };

/** Headers of the upgrade that partyserver reads as its own: only the Worker sets them. */
const PARTYSERVER_HEADERS = ["x-partykit-props", "x-partykit-room", "x-partykit-namespace", "x-partykit-jurisdiction"];

/**
 * /parties/<party>/<room>: authenticate, then hand the upgrade (with the principal) to the room,
 * placed by its space's region (resolved by kernel/placement.ts, the same way the API's
 * publishes and RPCs resolve it; looked up only once the upgrade is authenticated). The credential is stripped from what the room sees (URL and
 * header), and nothing here logs the query string. null for a path that names no room.
 *
 * The room gets one copy of the upgrade, made here: partyserver's routePartykitRequest made three
 * per upgrade (its own, a clone for the stub, and ours without the query), a measurable part of
 * what a socket's connect costs the Worker (docs/benchmarks.md, fan-out, nineteenth
 * stop). The rooms are partyserver's Servers as before, addressed by name (their id's name).
 */
export async function routeRoomRequest(req: Request, env: Env): Promise<Response | null> {
  const [prefix, partyName, name] = new URL(req.url).pathname.split("/").filter(Boolean);
  if (prefix !== "parties" || !partyName || !name) return null;
  const party = PARTIES[partyName];
  if (!party) return deny(404, "Room not found.");
  // Rooms take no plain HTTP from outside: the API publishes through RPC.
  if (req.headers.get("Upgrade")?.toLowerCase() !== "websocket") return deny(404, "Not found.");
  const credential = credentialOf(req);
  if (!credential)
    return deny(401, "Credentials are required: an Authorization header, a ticket or a token query parameter.");
  // An agent's connect takes a place in the isolate's admission first (presence-admission.ts): in a
  // reconnect wave the ones without a place are told when to come back, before any database read.
  if (party === "device" && isDeviceCredential(credential)) {
    const limit = connectLimit(env);
    const place = await admit(admission, limit, Date.now, undefined, name);
    if ("retryAfterS" in place) return retryLaterResponse(place.retryAfterS);
    try {
      return await upgradeRoom(req, env, credential, party, name);
    } finally {
      release(admission, place.admittedAt, Date.now(), name);
    }
  }
  return upgradeRoom(req, env, credential, party, name);
}

/** The authenticated upgrade of a room (routeRoomRequest, after admission). */
async function upgradeRoom(req: Request, env: Env, credential: RoomCredential, party: RoomParty, name: string) {
  const result = await authenticateRoomRequest(req, credential, party, name, env);
  if (result instanceof Response) return result;
  // The credential leaves the upgrade; the principal (never the client's own header of that
  // name, nor any header partyserver reads) goes in.
  const headers = new Headers(req.headers);
  headers.delete("Authorization");
  for (const header of PARTYSERVER_HEADERS) headers.delete(header);
  headers.set(PRINCIPAL_HEADER, JSON.stringify(result));
  // A token or ticket in the query string must not reach the room either.
  const query = req.url.indexOf("?");
  const stub = roomStub(env, party, name, await spaceRegion(env, result.space_uuid));
  return stub.fetch(query === -1 ? req.url : req.url.slice(0, query), { headers });
}

import { and, eq, isNull } from "drizzle-orm";
import { type Lobby, routePartykitRequest } from "partyserver";
import { deviceCredentialTable, deviceTable, locationTable } from "../drizzle/schema/index.ts";
import { PRINCIPAL_HEADER, type Principal } from "../party/principal.ts";
import { getConfig } from "./config.ts";
import type { Env } from "./env.ts";
import { sha256Hex } from "./lib/crypto.ts";
import { createDb, type Db } from "./lib/db.ts";
import { userFromToken } from "./middleware/auth.ts";
import { findMembership } from "./middleware/space.ts";

const deny = (status: 401 | 403 | 404, message: string) =>
  new Response(
    JSON.stringify({ code: status === 401 ? "unauthorized" : status === 403 ? "forbidden" : "not_found", message }),
    {
      status,
      headers: { "Content-Type": "application/json" },
    },
  );

/** The space a room belongs to, or null when the room names nothing that exists. */
async function spaceOfRoom(db: Db, party: keyof Env, name: string): Promise<string | null> {
  if (party === "Space") return name;
  if (party === "Location") {
    const row = await db
      .select({ s: locationTable.space_uuid })
      .from(locationTable)
      .where(eq(locationTable.uuid, name))
      .get();
    return row?.s ?? null;
  }
  if (party === "Device") {
    const row = await db
      .select({ s: deviceTable.space_uuid })
      .from(deviceTable)
      .where(eq(deviceTable.uuid, name))
      .get();
    return row?.s ?? null;
  }
  return null;
}

/**
 * Authenticates a room upgrade before it reaches the Durable Object. `token` is a user's
 * access token (a JWT: the user must be an active member of the room's space) or, for a
 * device room only, that device's credential. Returns the principal or a refusal.
 */
export async function authenticateRoomRequest(
  req: Request,
  lobby: Lobby<Env>,
  env: Env,
): Promise<Principal | Response> {
  const token = new URL(req.url).searchParams.get("token");
  if (!token) return deny(401, "A token query parameter is required.");
  const db = createDb(env);
  const spaceUuid = await spaceOfRoom(db, lobby.className, lobby.name);
  if (!spaceUuid) return deny(404, "Room not found.");

  if (token.split(".").length === 3) {
    const user = await userFromToken(token, { env, db, config: getConfig(env), requestUrl: req.url });
    if (!user) return deny(401, "Given token not valid for any token type");
    const membership = await findMembership(db, spaceUuid, user.uuid);
    if (!membership) return deny(403, "You are not a member of this space.");
    return { kind: "user", user_uuid: user.uuid, account_uuid: membership.account.account_uuid, space_uuid: spaceUuid };
  }

  if (lobby.className !== "Device") return deny(401, "Device credentials open only their device's room.");
  const credential = await db
    .select()
    .from(deviceCredentialTable)
    .where(and(eq(deviceCredentialTable.token_hash, await sha256Hex(token)), isNull(deviceCredentialTable.revoked_at)))
    .get();
  if (!credential) return deny(401, "Unknown device credential.");
  if (credential.device_uuid !== lobby.name) return deny(403, "This credential belongs to another device.");
  return { kind: "device", device_uuid: credential.device_uuid, space_uuid: credential.space_uuid };
}

/** /parties/<party>/<room>: authenticate, then hand the upgrade (with the principal) to the room. */
export function routeRoomRequest(req: Request, env: Env): Promise<Response | null> {
  return routePartykitRequest(req, env, {
    onBeforeConnect: async (request, lobby) => {
      const result = await authenticateRoomRequest(request, lobby, env);
      if (result instanceof Response) return result;
      const headers = new Headers(request.headers);
      headers.set(PRINCIPAL_HEADER, JSON.stringify(result));
      return new Request(request, { headers });
    },
    // Rooms take no plain HTTP from outside: the API publishes through RPC.
    onBeforeRequest: () => deny(404, "Not found."),
  });
}

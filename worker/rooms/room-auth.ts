/**
 * Sockets last only as long as their right to the room: a dashboard's access token (renewed on
 * the socket with `{type:"auth"}`), a display link's or API token's expiry. The room's alarm
 * closes what expired; a renewal must come from the same user, still a member of the space.
 */
import { CloseCode, type ServerMessage } from "../../contracts/realtime/events.ts";
import { getConfig } from "../config.ts";
import type { Env } from "../env.ts";
import { createDb } from "../lib/db.ts";
import { memberPrincipal, verifiedUser } from "../services/access/identity.ts";
import type { RoomConnection } from "./room-state.ts";

/**
 * `{type:"auth", token}`: a fresh access token of the same user, still an active member of the
 * room's space, extends the socket to the token's expiry (returned); anything else closes it
 * (null).
 */
export async function reauthenticate(
  env: Env,
  connection: RoomConnection,
  token: string,
  send: (message: ServerMessage) => void,
): Promise<number | null> {
  const state = connection.state;
  const principal = state?.principal;
  if (!state || principal?.kind !== "user") {
    send({ type: "error", message: "Only dashboards re-authenticate on the socket." });
    return null;
  }
  const db = createDb(env);
  const verified = await verifiedUser(token, {
    env,
    db,
    config: getConfig(env),
    requestUrl: state.origin ?? "http://localhost",
  });
  if (!verified || verified.user.uuid !== principal.user_uuid) {
    connection.close(CloseCode.tokenExpired, "The token sent is not valid for this socket.");
    return null;
  }
  const renewed = await memberPrincipal(db, principal.space_uuid, verified.user, verified.exp);
  if (renewed?.account_uuid !== principal.account_uuid) {
    connection.close(CloseCode.membershipChanged, "You are no longer a member of this space.");
    return null;
  }
  connection.setState({ ...state, principal: renewed });
  send({ type: "authenticated", exp: verified.exp });
  return verified.exp;
}

/**
 * Closes every user socket whose access token has expired without a re-authentication, and
 * every display link / API token socket whose credential expired.
 */
export function closeExpired(dashboards: Iterable<RoomConnection>, now: number) {
  for (const conn of dashboards) {
    const principal = conn.state?.principal;
    if (principal && principal.kind !== "device" && principal.exp !== undefined && principal.exp <= now) {
      conn.close(
        CloseCode.tokenExpired,
        principal.kind === "credential"
          ? "The display link or API token expired."
          : "The access token expired: reconnect with a fresh one.",
      );
    }
  }
}

/** The earliest expiry among the dashboards (ms), or null. */
export function nextExpiry(dashboards: Iterable<RoomConnection>): number | null {
  let next: number | null = null;
  for (const conn of dashboards) {
    const exp = conn.state?.principal.kind !== "device" ? conn.state?.principal.exp : undefined;
    if (exp !== undefined && (next === null || exp < next)) next = exp;
  }
  return next;
}

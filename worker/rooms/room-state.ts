/**
 * What a room keeps with each socket and how it reads who opened it: the principal the Worker
 * wrote on the upgrade (parsed once per distinct header), the socket's origin, and who holds it
 * for the per-holder socket cap.
 */
import type { Connection } from "partyserver";
import { PRINCIPAL_HEADER, type Principal, principalFrom } from "../../contracts/access/principal.ts";
import { ROOM_SOCKETS_PER_ACCOUNT } from "../../contracts/realtime/events.ts";
import type { Env } from "../env.ts";

/**
 * Kept with each socket (it survives hibernation without a storage write). `heard`: an agent's
 * last heartbeat (ms), so a heartbeat costs no database write. `origin`: the origin the socket
 * was opened on (the embedded issuer is `{origin}/auth` when re-authenticating).
 */
export type ConnState = {
  principal: Principal;
  heard?: number;
  origin?: string;
  /** An agent socket: when it joined and when any frame last came from it (liveness, ms). */
  joined?: number;
  frameAt?: number;
  /** An agent socket that sends pings: it is closed after 25 s without any frame. */
  pinger?: boolean;
  /** An agent socket's queue window (its hello's queue_window): queued commands it takes at once. */
  queueWindow?: number;
  /** An agent socket's connection attempt (its upgrade's AGENT_ATTEMPT_HEADER), when it sent one. */
  attempt?: number;
  /** When the room answered an agent socket's hello (helloAck, ms): the silence rule counts from then. */
  answered?: number;
  /** When the socket was accepted (ms): its holder's oldest socket is closed first (holderOf). */
  opened?: number;
};

export type RoomConnection = Connection<ConnState>;

/** The tag of a display link's sockets. */
export const DISPLAY_LINK_TAG = "display-link";

/** Who holds a dashboard socket, for the per-holder cap: an account, or a display link or API token. */
export const holderOf = (principal: Principal): string | null =>
  principal.kind === "user"
    ? `account:${principal.account_uuid}`
    : principal.kind === "credential"
      ? `credential:${principal.credential_uuid}`
      : null;

/**
 * Sockets one holder may have in a room: ROOM_SOCKETS_PER_ACCOUNT, unless the deployment sets
 * ROOM_SOCKETS_PER_ACCOUNT (the fan-out bench connects 1 000 dashboards of one account).
 */
export const socketsPerHolder = (env: Env) => {
  const set = Number(env.ROOM_SOCKETS_PER_ACCOUNT);
  return Number.isSafeInteger(set) && set > 0 ? set : ROOM_SOCKETS_PER_ACCOUNT;
};

/**
 * Principals by the exact header the Worker wrote (read-only, shared): a burst of upgrades of one
 * account (a wall's reconnect, the fan-out bench's 1 000) parses and validates its header once.
 */
const principals = new Map<string, Principal | null>();
const PRINCIPALS_KEPT = 256;
export function parsedPrincipal(request: Request): Principal | null {
  const raw = request.headers.get(PRINCIPAL_HEADER);
  if (raw === null) return null;
  let principal = principals.get(raw);
  if (principal === undefined) {
    principal = principalFrom(request);
    if (principals.size >= PRINCIPALS_KEPT) principals.clear();
    principals.set(raw, principal);
  }
  return principal;
}

/**
 * A socket's tags: a user's dashboard by account; a display link or API token is a read-only
 * dashboard the SpaceRoom can close by credential, and a display link's is tagged too (it hears
 * no account events); anything else is an agent.
 */
export const connectionTags = (principal: Principal | null): string[] => {
  if (!principal) return [];
  if (principal.kind === "user") return ["dashboard", `account:${principal.account_uuid}`];
  if (principal.kind === "credential") {
    const tags = ["dashboard", `credential:${principal.credential_uuid}`];
    return principal.credential_kind === "display_link" ? [...tags, DISPLAY_LINK_TAG] : tags;
  }
  return ["agent"];
};

/** `scheme://host[:port]` of an absolute URL, without parsing all of it (every socket's connect). */
export const originOf = (url: string) => {
  const end = url.indexOf("/", url.indexOf("//") + 2);
  return end === -1 ? url : url.slice(0, end);
};

/** Closes a socket, ignoring one that is already closing. */
export const closeQuietly = (connection: Connection, code: number, reason: string) => {
  try {
    connection.close(code, reason);
  } catch {
    // Already closing.
  }
};

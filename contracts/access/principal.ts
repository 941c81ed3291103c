import { z } from "zod";

/**
 * Who is on the other end of a room socket. Set by the Worker after it authenticated the
 * upgrade (see worker/room-access.ts) and passed to the room in a header the client cannot forge:
 * the Worker always overwrites it.
 */
export const PRINCIPAL_HEADER = "x-outpost-principal";

export const Principal = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("user"),
    user_uuid: z.string(),
    account_uuid: z.string(),
    space_uuid: z.string(),
    /** Expiry (ms) of the access token behind this socket: the room closes it then unless it re-authenticates. */
    exp: z.number().optional(),
    /**
     * The member's role when the socket was authenticated. A role change closes the socket
     * (CloseCode.membershipChanged), so it holds for the socket's life: the room refuses what the
     * role may not do without reading D1. Absent on a socket opened before it was sent.
     */
    role: z.enum(["viewer", "content_manager", "admin"]).optional(),
  }),
  z.object({ kind: z.literal("device"), device_uuid: z.string(), space_uuid: z.string() }),
  /**
   * A wall display link or a space API token: admitted to its space's room only, as a
   * read-only dashboard; closed with CloseCode.credentialRevoked when an Admin revokes it.
   */
  z.object({
    kind: z.literal("credential"),
    credential_uuid: z.string(),
    credential_kind: z.enum(["display_link", "api_token"]),
    space_uuid: z.string(),
    /** The credential's expiry (ms), if it has one: the room closes the socket then. */
    exp: z.number().optional(),
  }),
]);
export type Principal = z.infer<typeof Principal>;

export function principalFrom(request: Request): Principal | null {
  const raw = request.headers.get(PRINCIPAL_HEADER);
  if (!raw) return null;
  try {
    const parsed = Principal.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * An agent's upgrade carries the number of its connection attempt (epoch ms of the attempt, never
 * smaller than the one before): the DeviceRoom keeps the newest *attempt*, so an abandoned slow
 * upgrade that completes after the agent's next one is the one closed, not the live socket.
 */
export const AGENT_ATTEMPT_HEADER = "X-Agent-Attempt";

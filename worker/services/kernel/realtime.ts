import { getServerByName } from "partyserver";
import { CloseCode, RoomEvent } from "../../../contracts/realtime.ts";
import type { Env } from "../../env.ts";

/**
 * The API's way to publish into rooms: an RPC on the room's Durable Object, which validates
 * the event again and fans it out to the room's sockets. Space events go to that space's room
 * only, so a dashboard never hears another space.
 */
export async function publishToSpace(env: Env, spaceUuid: string, event: RoomEvent) {
  const parsed = RoomEvent.parse(event);
  if (parsed.space_uuid !== spaceUuid) throw new Error("event space does not match its room");
  const room = await getServerByName(env.Space, spaceUuid);
  await room.publish(parsed);
}

export async function publishToLocation(env: Env, locationUuid: string, event: RoomEvent) {
  const room = await getServerByName(env.Location, locationUuid);
  await room.publish(RoomEvent.parse(event));
}

/**
 * Closes every socket of an account in the space's rooms (4403) after its membership changed:
 * disabled, removed, or a new role (the client reconnects and is admitted again only if it is
 * still an active member). Awaited by the API, so the sockets are gone when the change answers.
 */
export async function closeAccountSockets(env: Env, spaceUuid: string, accountUuid: string, reason: string) {
  const room = await getServerByName(env.Space, spaceUuid);
  return room.revokeAccount(accountUuid, CloseCode.membershipChanged, reason);
}

import { CloseCode, type RoomEvent } from "../../../contracts/realtime/events.ts";
import type { Env } from "../../env.ts";
import { publisherOf } from "../../rooms/rpc.ts";
import { knownSpaceRegion, roomServer, roomStub, spaceRegion } from "./placement.ts";

/*
 * A publish is one RPC on the room: partyserver's getServerByName first makes a setName RPC (to
 * await the room's onStart) on every call; the room's publish() awaits its own start instead
 * (worker/rooms/room.ts), so publishes use a plain stub (placement.ts roomStub: placed by the space's
 * region, the room ids kept per isolate).
 */

/**
 * The API's way to publish into rooms: an RPC on the room's Durable Object, which validates the
 * event (RoomEvent.parse in worker/rooms/room.ts publish) and fans it out to the room's sockets. It is
 * validated there only, once: the room is what every publisher goes through (the API, other
 * rooms), while the API's events are built by typed code. Space events go to that space's room
 * only, so a dashboard never hears another space.
 */
export async function publishToSpace(env: Env, spaceUuid: string, event: RoomEvent) {
  if (event.space_uuid !== spaceUuid) throw new Error("event space does not match its room");
  // The RPC leaves at once when the region is known (the usual case): no turn of the event loop
  // between the write and the publish for other work of the request to run in.
  const region = knownSpaceRegion(spaceUuid) ?? (await spaceRegion(env, spaceUuid));
  const stub = publisherOf(roomStub(env, "space", spaceUuid, region));
  await stub.publish(event);
}

export async function publishToLocation(env: Env, locationUuid: string, event: RoomEvent) {
  const region = await spaceRegion(env, event.space_uuid);
  await publisherOf(roomStub(env, "location", locationUuid, region)).publish(event);
}

/**
 * Closes every socket of an account in the space's rooms (4403) after its membership changed:
 * disabled, removed, or a new role (the client reconnects and is admitted again only if it is
 * still an active member). Awaited by the API, so the sockets are gone when the change answers.
 */
export async function closeAccountSockets(env: Env, spaceUuid: string, accountUuid: string, reason: string) {
  const room = await roomServer(env, "space", spaceUuid, await spaceRegion(env, spaceUuid));
  return room.revokeAccount(accountUuid, CloseCode.membershipChanged, reason);
}

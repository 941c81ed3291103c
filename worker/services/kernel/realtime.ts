import { getServerByName } from "partyserver";
import { CloseCode, RoomEvent } from "../../../contracts/realtime.ts";
import type { Env } from "../../env.ts";

type RoomNamespace = Env["Space"] | Env["Location"];
type RoomStub = { publish(event: RoomEvent): Promise<number> };

/**
 * A publish is one RPC on the room: partyserver's getServerByName first makes a setName RPC (to
 * await the room's onStart) on every call; the room's publish() awaits its own start instead
 * (party/room.ts). A stub cannot be kept across requests (workerd ties it to the request that
 * made it: "Cannot perform I/O on behalf of a different request"), so each publish makes its own
 * (local, no round trip); the room ids (a hash of the name) are kept per isolate.
 */
const ids = new WeakMap<RoomNamespace, Map<string, DurableObjectId>>();
const MAX_IDS = 10_000;

function roomStub(namespace: RoomNamespace, name: string): RoomStub {
  let byName = ids.get(namespace);
  if (!byName) {
    byName = new Map();
    ids.set(namespace, byName);
  }
  let id = byName.get(name);
  if (!id) {
    if (byName.size >= MAX_IDS) byName.delete(byName.keys().next().value as string);
    id = namespace.idFromName(name);
    byName.set(name, id);
  }
  return namespace.get(id) as unknown as RoomStub;
}

/**
 * The API's way to publish into rooms: an RPC on the room's Durable Object, which validates
 * the event again and fans it out to the room's sockets. Space events go to that space's room
 * only, so a dashboard never hears another space.
 */
export async function publishToSpace(env: Env, spaceUuid: string, event: RoomEvent) {
  const parsed = RoomEvent.parse(event);
  if (parsed.space_uuid !== spaceUuid) throw new Error("event space does not match its room");
  await roomStub(env.Space, spaceUuid).publish(parsed);
}

export async function publishToLocation(env: Env, locationUuid: string, event: RoomEvent) {
  await roomStub(env.Location, locationUuid).publish(RoomEvent.parse(event));
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

import { eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { type LocationHintRegion, SPACE_REGIONS } from "../../../contracts/regions/schema.ts";
import { spaceTable } from "../../../drizzle/schema/space.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import { singleFlight } from "../../lib/single-flight.ts";
import type { DeviceRoom } from "../../rooms/device-room.ts";
import type { LocationRoom } from "../../rooms/location-room.ts";
import type { SpaceRoom } from "../../rooms/space-room.ts";

/*
 * Where a space's rooms live. A space's region (`space_datacenter`) is a Durable
 * Object location hint (`weur`, `enam` …: where a room is created), `eu` (the EU jurisdiction:
 * the rooms are created, run and kept in the EU) or `local` (no preference). A jurisdiction is
 * its own id namespace: `Device.jurisdiction("eu").idFromName(x)` is another room than
 * `Device.idFromName(x)`. So every way to a room — a socket's upgrade (worker/room-access.ts), an API
 * publish or RPC, a room calling another room — resolves it here, from the space's region.
 * Room names (addresses) do not change.
 */

export type RoomKind = "space" | "location" | "device";
type Rooms = { space: SpaceRoom; location: LocationRoom; device: DeviceRoom };
const BINDINGS = { space: "Space", location: "Location", device: "Device" } as const;

/** What partyserver's getServerByName takes (and DurableObjectNamespace.get). */
export type Placement = { jurisdiction?: DurableObjectJurisdiction; locationHint?: DurableObjectLocationHint };

/** The environment this module reaches rooms through (tests pass fake namespaces). */
export type RoomEnv = Pick<Env, "Space" | "Location" | "Device">;

const HINTS = new Set<string>(SPACE_REGIONS.filter((r) => r !== "local" && r !== "eu"));
const isHint = (region: string): region is LocationHintRegion => HINTS.has(region);

/**
 * Whether the runtime has jurisdictions: local workerd throws "Jurisdiction restrictions are not
 * implemented in workerd", so locally an `eu` space's rooms are made without one (the same way on
 * every path, so they are still one room each). Checked once per namespace.
 */
const jurisdictionSupport = new WeakMap<object, boolean>();
function hasJurisdictions(namespace: DurableObjectNamespace): boolean {
  let known = jurisdictionSupport.get(namespace);
  if (known === undefined) {
    try {
      namespace.jurisdiction("eu");
      known = true;
    } catch (error) {
      if (!/not implemented/i.test(String(error))) throw error;
      console.warn("Durable Object jurisdictions are not available here: `eu` spaces get rooms without one.");
      known = false;
    }
    jurisdictionSupport.set(namespace, known);
  }
  return known;
}

/** The placement of a room of a space in `region` (unknown values: none, like `local`). */
export function placementOf(region: string, namespace: DurableObjectNamespace): Placement {
  if (region === "eu") return hasJurisdictions(namespace) ? { jurisdiction: "eu" } : {};
  if (isHint(region)) return { locationHint: region };
  return {};
}

const bindingOf = <K extends RoomKind>(env: RoomEnv, kind: K) =>
  env[BINDINGS[kind]] as unknown as DurableObjectNamespace<Rooms[K]>;

/** The namespace and placement of a room kind for a space's region. */
export function roomPlacement<K extends RoomKind>(env: RoomEnv, kind: K, region: string) {
  const binding = bindingOf(env, kind);
  return { binding, placement: placementOf(region, binding) };
}

/**
 * A room of a space in `region`, through partyserver's getServerByName (which awaits the room's
 * onStart): for RPCs on the room.
 */
export function roomServer<K extends RoomKind>(env: RoomEnv, kind: K, name: string, region: string) {
  const { binding, placement } = roomPlacement(env, kind, region);
  return getServerByName(binding, name, placement);
}

/** The room `name` of the space of a service's ctx (its region is known): roomServer. */
export function roomIn<K extends RoomKind>(
  ctx: { env: RoomEnv; space: { space_uuid: string; space_datacenter: string } },
  kind: K,
  name: string,
) {
  rememberSpaceRegion(ctx.space);
  return roomServer(ctx.env, kind, name, ctx.space.space_datacenter);
}

/**
 * The ids of rooms by jurisdiction and name, per namespace and isolate (an id is a hash of the
 * name: local, but not free), for stubs made without partyserver's setName round trip.
 */
const ids = new WeakMap<object, Map<string, DurableObjectId>>();
const MAX_IDS = 10_000;

/**
 * A plain stub of a room (no onStart handshake: the room's RPC awaits its own start). A stub
 * cannot be kept across requests (workerd ties it to the request that made it), so each call
 * makes one; only the id is kept.
 */
export function roomStub<K extends RoomKind>(env: RoomEnv, kind: K, name: string, region: string) {
  const { binding, placement } = roomPlacement(env, kind, region);
  let byName = ids.get(binding);
  if (!byName) {
    byName = new Map();
    ids.set(binding, byName);
  }
  const key = `${placement.jurisdiction ?? ""}/${name}`;
  const namespace = placement.jurisdiction ? binding.jurisdiction(placement.jurisdiction) : binding;
  let id = byName.get(key);
  if (!id) {
    if (byName.size >= MAX_IDS) byName.delete(byName.keys().next().value as string);
    id = namespace.idFromName(name);
    byName.set(key, id);
  }
  return namespace.get(id, placement.locationHint ? { locationHint: placement.locationHint } : undefined);
}

/*
 * The region of a space by its uuid, cached per isolate: every room name carries its space's
 * uuid or is looked up to it (worker/room-access.ts), and the region must be known before the room is
 * reached. A region change (worker/services/spaces/region.ts) updates this isolate at once; other
 * isolates within REGION_TTL_MS. Only a jurisdiction change would misroute in that window, and
 * it is refused once a space has locations or devices.
 */
export const REGION_TTL_MS = 60_000;
const MAX_REGIONS = 10_000;
const regions = new Map<string, { region: string; until: number }>();

/** Keeps a space row's region (any read of the row may prime the cache). */
export function rememberSpaceRegion(space: { space_uuid: string; space_datacenter: string }, now = Date.now()) {
  if (regions.size >= MAX_REGIONS && !regions.has(space.space_uuid)) {
    regions.delete(regions.keys().next().value as string);
  }
  regions.set(space.space_uuid, { region: space.space_datacenter, until: now + REGION_TTL_MS });
}

/** Bumped by every forget: a read under way before it is not joined (lib/single-flight.ts). */
let regionGeneration = 0;
const regionReads = singleFlight<{ space_uuid: string; space_datacenter: string } | undefined>({
  waitMs: 1_000,
  generation: () => regionGeneration,
});

export const forgetSpaceRegion = (spaceUuid: string) => {
  regionGeneration++;
  regions.delete(spaceUuid);
};

/** The region of a space when this isolate knows it (undefined: it must be read). */
export function knownSpaceRegion(spaceUuid: string, now = Date.now()): string | undefined {
  const hit = regions.get(spaceUuid);
  return hit && hit.until > now ? hit.region : undefined;
}

/**
 * The region of a space (`local` for a space that does not exist). Requests that need it while
 * it is being read (a wall of sockets opening at once) share that read.
 */
export async function spaceRegion(env: Pick<Env, "DB">, spaceUuid: string, now = Date.now()): Promise<string> {
  const hit = knownSpaceRegion(spaceUuid, now);
  if (hit !== undefined) return hit;
  const { value: row, started } = await regionReads.run(spaceUuid, () =>
    createDb(env as Env)
      .select({ space_uuid: spaceTable.space_uuid, space_datacenter: spaceTable.space_datacenter })
      .from(spaceTable)
      .where(eq(spaceTable.space_uuid, spaceUuid))
      .get(),
  );
  if (!row) return "local";
  if (started === regionGeneration) rememberSpaceRegion(row, now);
  return row.space_datacenter;
}

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RoomEvent } from "../../contracts/realtime/events.ts";
import type { Env } from "../../worker/env.ts";
import { routeRoomRequest } from "../../worker/room-access.ts";
import {
  forgetSpaceRegion,
  type RoomKind,
  roomServer,
  roomStub,
  spaceRegion,
} from "../../worker/services/kernel/placement.ts";
import { closeAccountSockets, publishToLocation, publishToSpace } from "../../worker/services/kernel/realtime.ts";
import { makeDevice, makeDeviceCredential, makeLocation, memberOf } from "../factories.ts";

/*
 * Every way to a room resolves it by its space's region, the same way. Fake Durable
 * Object namespaces record what each path asked for: the jurisdiction of the namespace an id was
 * made in (idFromName), and the location hint a stub was got with (get), per room kind.
 */

type Call = { kind: string; op: "idFromName" | "get"; name: string; jurisdiction: string | null; hint?: string };

function fakeNamespace(kind: string, calls: Call[], jurisdiction: string | null = null): DurableObjectNamespace {
  const stub = {
    setName: async () => undefined,
    fetch: async () => new Response(`${kind} room`, { status: 200 }),
    publish: async () => 1,
    revokeAccount: async () => 0,
  };
  return {
    jurisdiction: (j: string) => fakeNamespace(kind, calls, j),
    idFromName(name: string) {
      calls.push({ kind, op: "idFromName", name, jurisdiction });
      return { name, jurisdiction, toString: () => `${jurisdiction ?? ""}:${name}` } as unknown as DurableObjectId;
    },
    get(
      id: DurableObjectId & { jurisdiction: string | null },
      options?: DurableObjectNamespaceGetDurableObjectOptions,
    ) {
      calls.push({
        kind,
        op: "get",
        name: id.name as string,
        jurisdiction: id.jurisdiction,
        hint: options?.locationHint,
      });
      return stub;
    },
  } as unknown as DurableObjectNamespace;
}

/** The real bindings (D1, vars) with fake room namespaces. */
function fakeEnv() {
  const calls: Call[] = [];
  const fake = {
    ...env,
    Space: fakeNamespace("space", calls),
    Location: fakeNamespace("location", calls),
    Device: fakeNamespace("device", calls),
  } as unknown as Env;
  return { env: fake, calls };
}

const KINDS: RoomKind[] = ["space", "location", "device"];

describe("roomServer and roomStub: the region's placement per room kind", () => {
  for (const [region, expected] of [
    ["weur", { jurisdiction: null, hint: "weur" }],
    ["apac", { jurisdiction: null, hint: "apac" }],
    ["eu", { jurisdiction: "eu", hint: undefined }],
    ["local", { jurisdiction: null, hint: undefined }],
    ["somewhere-old", { jurisdiction: null, hint: undefined }],
  ] as const) {
    it(`${region}: ${JSON.stringify(expected)}`, async () => {
      for (const kind of KINDS) {
        const { env: fake, calls } = fakeEnv();
        await roomServer(fake, kind, `room-${kind}`, region);
        roomStub(fake, kind, `stub-${kind}`, region);
        expect(calls.filter((c) => c.op === "idFromName")).toEqual([
          { kind, op: "idFromName", name: `room-${kind}`, jurisdiction: expected.jurisdiction },
          { kind, op: "idFromName", name: `stub-${kind}`, jurisdiction: expected.jurisdiction },
        ]);
        for (const get of calls.filter((c) => c.op === "get")) {
          expect(get).toMatchObject({ kind, jurisdiction: expected.jurisdiction, hint: expected.hint });
        }
      }
    });
  }

  it("local workerd has no jurisdictions: an eu space's rooms are made without one, on every path alike", async () => {
    // The real namespaces: jurisdiction("eu") throws "not implemented in workerd" here.
    expect(() => env.Device.jurisdiction("eu")).toThrow(/not implemented/);
    const a = (await roomServer(env, "device", "placement-eu-local", "eu")).id.toString();
    const b = roomStub(env, "device", "placement-eu-local", "eu").id.toString();
    expect(a).toBe(env.Device.idFromName("placement-eu-local").toString());
    expect(b).toBe(a);
  });
});

describe("the paths to a room use the space's region", () => {
  it("socket upgrades (worker/room-access.ts) of a space, location and device room", async () => {
    const { space, token } = await memberOf("viewer");
    const location = await makeLocation(space.space_uuid);
    const device = await makeDevice(space.space_uuid, { location_uuid: location.uuid });
    const deviceSecret = await makeDeviceCredential(device);
    for (const [region, expected] of [
      ["weur", { jurisdiction: null, hint: "weur" }],
      ["eu", { jurisdiction: "eu", hint: undefined }],
    ] as const) {
      await env.DB.prepare("UPDATE space SET space_datacenter = ? WHERE space_uuid = ?")
        .bind(region, space.space_uuid)
        .run();
      forgetSpaceRegion(space.space_uuid);
      for (const [kind, name, bearer] of [
        ["space", space.space_uuid, token],
        ["location", location.uuid, token],
        ["device", device.uuid, deviceSecret],
      ] as const) {
        const { env: fake, calls } = fakeEnv();
        const req = new Request(`http://outpost.test/parties/${kind}/${name}`, {
          headers: { Upgrade: "websocket", Authorization: `Bearer ${bearer}` },
        });
        const res = await routeRoomRequest(req, fake);
        expect(res?.status, `${region} ${kind}`).toBe(200);
        expect(await res?.text()).toBe(`${kind} room`);
        expect(calls, `${region} ${kind}`).toEqual([
          { kind, op: "idFromName", name, jurisdiction: expected.jurisdiction },
          { kind, op: "get", name, jurisdiction: expected.jurisdiction, hint: expected.hint },
        ]);
      }
    }
  });

  it("API publishes and RPCs (kernel/realtime.ts) look the region up by the space", async () => {
    const { space } = await memberOf("viewer");
    await env.DB.prepare("UPDATE space SET space_datacenter = 'enam' WHERE space_uuid = ?")
      .bind(space.space_uuid)
      .run();
    forgetSpaceRegion(space.space_uuid);
    expect(await spaceRegion(env, space.space_uuid)).toBe("enam");
    const event: RoomEvent = {
      type: "deviceDetailsUpdate",
      event: "deviceOnline",
      space_uuid: space.space_uuid,
      device_uuid: "d",
      device_name: "Kiosk",
      data: { online: true, online_since: null, last_seen: null, location_uuid: null },
    };
    const { env: fake, calls } = fakeEnv();
    await publishToSpace(fake, space.space_uuid, event);
    await publishToLocation(fake, "loc-1", event);
    await closeAccountSockets(fake, space.space_uuid, "acc-1", "changed");
    const gets = calls.filter((c) => c.op === "get").map(({ kind, name, hint }) => ({ kind, name, hint }));
    expect(gets).toEqual([
      { kind: "space", name: space.space_uuid, hint: "enam" },
      { kind: "location", name: "loc-1", hint: "enam" },
      // getServerByName: its setName handshake, then the stub it returns.
      { kind: "space", name: space.space_uuid, hint: "enam" },
      { kind: "space", name: space.space_uuid, hint: "enam" },
    ]);
  });

  it("a space that does not exist has no region (local)", async () => {
    expect(await spaceRegion(env, crypto.randomUUID())).toBe("local");
  });

  it("requests that need a space's region while it is being read share that read; a change in between is not shared", async () => {
    const { space } = await memberOf("viewer");
    const s = space.space_uuid;
    forgetSpaceRegion(s);
    let reads = 0;
    const counted = {
      ...env,
      DB: new Proxy(env.DB, {
        get(target, key) {
          if (key === "prepare") reads++;
          const value = Reflect.get(target, key);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    } as Env;
    const regions = await Promise.all(Array.from({ length: 20 }, () => spaceRegion(counted, s)));
    expect(regions).toEqual(Array(20).fill("local"));
    expect(reads).toBe(1);

    // A region changed while it is being read (the forget of a region write): a request after the
    // change does not join the read from before it.
    forgetSpaceRegion(s);
    reads = 0;
    const before = spaceRegion(counted, s);
    forgetSpaceRegion(s);
    const after = spaceRegion(counted, s);
    await Promise.all([before, after]);
    expect(reads).toBe(2);
    await env.DB.prepare("UPDATE space SET space_datacenter = 'enam' WHERE space_uuid = ?").bind(s).run();
    forgetSpaceRegion(s);
    expect(await spaceRegion(counted, s)).toBe("enam");
  });
});

import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { IssuedCredential } from "../../contracts/access/schema.ts";
import { CloseCode, ROOM_SOCKETS_PER_ACCOUNT } from "../../contracts/realtime/events.ts";
import { api, makeDevice, memberOf } from "../factories.ts";
import { join, ticketFor, until } from "../ws.ts";

/*
 * One holder of room sockets (an account, a display link, an API token) has at most
 * ROOM_SOCKETS_PER_ACCOUNT sockets in one room: a newer one closes the oldest (4429).
 */

type Admin = Awaited<ReturnType<typeof memberOf>>;
type Socket = Awaited<ReturnType<typeof join>>;

async function credential(admin: Admin, kind: "display-link" | "api-token") {
  const res = await api(`/api/space/${admin.space.space_uuid}/${kind}/add/`, {
    method: "POST",
    token: admin.token,
    json: kind === "api-token" ? { name: "CI", scope: "read" } : { name: "NOC wall" },
  });
  expect(res.status).toBe(201);
  return IssuedCredential.parse(await res.json());
}

const welcomed = async (socket: Socket) => {
  expect(socket.status).toBe(101);
  await until(() => socket.messages.some((m) => m.type === "welcome"));
  return socket;
};

describe("sockets per account in a room", () => {
  it(`a socket past ${ROOM_SOCKETS_PER_ACCOUNT} of one account closes its oldest (4429), in each room; other accounts are untouched`, async () => {
    const viewer = await memberOf("viewer");
    const other = await memberOf("viewer", viewer.space);
    const s = viewer.space.space_uuid;
    const device = await makeDevice(s);
    for (const path of [`/parties/space/${s}`, `/parties/device/${device.uuid}`]) {
      const theirs = await welcomed(await join(path, other.token));
      const sockets: Socket[] = [];
      for (let i = 0; i < ROOM_SOCKETS_PER_ACCOUNT; i++) sockets.push(await welcomed(await join(path, viewer.token)));
      expect(sockets.flatMap((x) => x.closed)).toEqual([]);

      const newest = await welcomed(await join(path, viewer.token));
      await until(() => sockets[0].closed.length === 1);
      expect(sockets[0].closed[0].code).toBe(CloseCode.tooManySockets);
      expect(sockets[0].closed[0].reason).toMatch(/oldest/);
      // One more: the next oldest goes.
      const newer = await welcomed(await join(path, viewer.token));
      await until(() => sockets[1].closed.length === 1);
      expect(sockets[1].closed[0].code).toBe(CloseCode.tooManySockets);
      await new Promise((r) => setTimeout(r, 100));
      expect(sockets.slice(2).flatMap((x) => x.closed)).toEqual([]);
      expect([...newest.closed, ...newer.closed, ...theirs.closed]).toEqual([]);
      for (const x of [...sockets, newest, newer, theirs]) x.ws?.close(1000);
    }
  });

  it("a display link's sockets are capped the same way", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await credential(admin, "display-link");
    const sockets: Socket[] = [];
    for (let i = 0; i <= ROOM_SOCKETS_PER_ACCOUNT; i++) {
      sockets.push(await welcomed(await join((await ticketFor(s, `space/${s}`, link.secret)).url)));
    }
    await until(() => sockets[0].closed.length === 1);
    expect(sockets[0].closed[0].code).toBe(CloseCode.tooManySockets);
    expect(sockets.slice(1).flatMap((x) => x.closed)).toEqual([]);
    for (const x of sockets) x.ws?.close(1000);
  });
});

describe("the cap after a wake", () => {
  it("a room woken from hibernation counts a holder's sockets from their state, oldest first", async () => {
    const viewer = await memberOf("viewer");
    const s = viewer.space.space_uuid;
    const sockets: Socket[] = [];
    for (let i = 0; i < ROOM_SOCKETS_PER_ACCOUNT; i++) {
      sockets.push(await welcomed(await join(`/parties/space/${s}`, viewer.token)));
    }
    // What a hibernated room wakes with: no index in memory.
    const room = env.Space.get(env.Space.idFromName(s));
    await runInDurableObject(room, (instance) => {
      (instance as unknown as { sockets: { forget(): void } }).sockets.forget();
    });
    const newest = await welcomed(await join(`/parties/space/${s}`, viewer.token));
    await until(() => sockets[0].closed.length === 1);
    expect(sockets[0].closed[0].code).toBe(CloseCode.tooManySockets);
    await new Promise((r) => setTimeout(r, 100));
    expect([...sockets.slice(1), newest].flatMap((x) => x.closed)).toEqual([]);
    for (const x of [...sockets, newest]) x.ws?.close(1000);
  });
});

import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ROOM_SOCKETS_PER_ACCOUNT, type RoomEvent, type ServerMessage } from "../../contracts/realtime/events.ts";
import { GATHER_ABOVE, GATHER_MS } from "../../worker/rooms/room.ts";
import { publishToSpace } from "../../worker/services/kernel/realtime.ts";
import { memberOf } from "../factories.ts";
import { join, until } from "../ws.ts";

/** Fan-out to many dashboards: bursts of device updates as one batch. */

const update = (space_uuid: string, device_uuid: string): RoomEvent => ({
  type: "deviceDetailsUpdate",
  event: "deviceUpdated",
  space_uuid,
  device_uuid,
  device_name: device_uuid,
});

/**
 * `count` dashboards in a space's room, each welcomed: of one member (`member`) up to the sockets
 * one account may hold in a room, then of more members of the space.
 */
async function dashboards(count: number) {
  const member = await memberOf("viewer");
  const s = member.space.space_uuid;
  const members = [member];
  while (members.length * ROOM_SOCKETS_PER_ACCOUNT < count) members.push(await memberOf("viewer", member.space));
  const sockets = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      join(`/parties/space/${s}`, members[Math.floor(i / ROOM_SOCKETS_PER_ACCOUNT)].token),
    ),
  );
  await until(() => sockets.every((d) => d.messages.some((m) => m.type === "welcome")), 10_000);
  return { s, member, sockets };
}

/** What a dashboard heard of the room's events (welcome and presence left out). */
const heard = (messages: ServerMessage[]) =>
  messages.filter((m) => m.type === "deviceDetailsUpdate" || m.type === "batch" || m.type === "locationDetailsUpdate");

describe("a busy space room gathers device updates", () => {
  it(`${GATHER_ABOVE + 10} dashboards: the first update at once, the next 3 as one batch after the window`, async () => {
    const { s, sockets } = await dashboards(GATHER_ABOVE + 10);
    const t0 = Date.now();
    for (const d of ["d0", "d1", "d2", "d3"]) await publishToSpace(env, s, update(s, d));
    // The first went out alone, before the window closed.
    expect(Date.now() - t0).toBeLessThan(GATHER_MS);
    await until(() => sockets.every((d) => heard(d.messages).length === 2), 5000);
    for (const d of sockets) {
      expect(heard(d.messages)).toEqual([
        update(s, "d0"),
        { type: "batch", events: [update(s, "d1"), update(s, "d2"), update(s, "d3")] },
      ]);
    }
    // A quiet room sends the next update alone again, at once.
    await new Promise((r) => setTimeout(r, GATHER_MS * 2));
    await publishToSpace(env, s, update(s, "d4"));
    await until(() => sockets.every((d) => heard(d.messages).length === 3), 5000);
    for (const d of sockets) expect(heard(d.messages)[2]).toEqual(update(s, "d4"));
    for (const d of sockets) d.ws?.close();
  });

  it("2 dashboards get every update singly, at once", async () => {
    const { s, sockets } = await dashboards(2);
    for (const d of ["d0", "d1", "d2", "d3"]) await publishToSpace(env, s, update(s, d));
    await until(() => sockets.every((d) => heard(d.messages).length === 4));
    for (const d of sockets) expect(heard(d.messages)).toEqual(["d0", "d1", "d2", "d3"].map((x) => update(s, x)));
    for (const d of sockets) d.ws?.close();
  });

  it("another event inside the window sends what was gathered first: order is kept", async () => {
    const { s, sockets } = await dashboards(GATHER_ABOVE + 1);
    const location: RoomEvent = {
      type: "locationDetailsUpdate",
      event: "locationUpdated",
      space_uuid: s,
      location_uuid: "l1",
    };
    await publishToSpace(env, s, update(s, "d0"));
    await publishToSpace(env, s, update(s, "d1"));
    await publishToSpace(env, s, update(s, "d2"));
    await publishToSpace(env, s, location);
    await until(() => sockets.every((d) => heard(d.messages).length === 3), 5000);
    for (const d of sockets)
      expect(heard(d.messages)).toEqual([
        update(s, "d0"),
        { type: "batch", events: [update(s, "d1"), update(s, "d2")] },
        location,
      ]);
    for (const d of sockets) d.ws?.close();
  });

  it("many sockets of one account: one accountOnline when the first joins, one accountOffline when the last leaves", async () => {
    const { s, member, sockets } = await dashboards(ROOM_SOCKETS_PER_ACCOUNT);
    const other = await memberOf("viewer", member.space);
    const watcher = await join(`/parties/space/${s}`, other.token);
    await until(() => watcher.messages.some((m) => m.type === "welcome"));
    const presence = () =>
      watcher.messages.filter(
        (m) =>
          (m.type === "accountOnline" || m.type === "accountOffline") && m.account_uuid === member.account.account_uuid,
      );
    // All but one close: the account is still online.
    for (const d of sockets.slice(1)) d.ws?.close();
    await new Promise((r) => setTimeout(r, 1000));
    expect(presence()).toEqual([]);
    sockets[0].ws?.close();
    await until(() => presence().length === 1, 5000);
    expect(presence()[0]?.type).toBe("accountOffline");
    // Back with one socket: online again, once.
    const again = await join(`/parties/space/${s}`, member.token);
    await until(() => presence().length === 2, 5000);
    expect(presence()[1]?.type).toBe("accountOnline");
    again.ws?.close();
    watcher.ws?.close();
  });

  it("after a wake (the in-memory count lost) the room counts the account's sockets from their state", async () => {
    const { s, member, sockets } = await dashboards(3);
    const other = await memberOf("viewer", member.space);
    const watcher = await join(`/parties/space/${s}`, other.token);
    await until(() => watcher.messages.some((m) => m.type === "welcome"));
    // What a hibernated room wakes with: no index in memory.
    const room = env.Space.get(env.Space.idFromName(s));
    await runInDurableObject(room, (instance) => {
      (instance as unknown as { sockets: { forget(): void } }).sockets.forget();
    });
    const offline = () =>
      watcher.messages.filter((m) => m.type === "accountOffline" && m.account_uuid === member.account.account_uuid);
    sockets[0].ws?.close();
    sockets[1].ws?.close();
    await new Promise((r) => setTimeout(r, 500));
    expect(offline()).toEqual([]);
    sockets[2].ws?.close();
    await until(() => offline().length === 1, 5000);
    watcher.ws?.close();
  });

  it("the room keeps its dashboards in memory: rebuilt after a wake, a closed one no longer sent to", async () => {
    const { s, sockets } = await dashboards(3);
    const room = env.Space.get(env.Space.idFromName(s));
    const kept = () =>
      runInDurableObject(room, (instance) =>
        (instance as unknown as { sockets: { indexed(): number | null } }).sockets.indexed(),
      );
    expect(await kept()).toBe(3);
    // What a hibernated room wakes with: nothing in memory; the next event reads the sockets once.
    await runInDurableObject(room, (instance) => {
      (instance as unknown as { sockets: { forget(): void } }).sockets.forget();
    });
    await publishToSpace(env, s, update(s, "d0"));
    await until(() => sockets.every((d) => heard(d.messages).length === 1));
    expect(await kept()).toBe(3);
    sockets[0].ws?.close();
    await expect.poll(kept).toBe(2);
    await publishToSpace(env, s, update(s, "d1"));
    await until(() => sockets.slice(1).every((d) => heard(d.messages).length === 2));
    expect(heard(sockets[0].messages)).toEqual([update(s, "d0")]);
    for (const d of sockets.slice(1)) d.ws?.close();
  });
});

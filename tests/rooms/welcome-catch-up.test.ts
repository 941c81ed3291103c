import { env, runInDurableObject } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import type { ServerMessage } from "../../contracts/realtime/events.ts";
import { LOCATION_TYPE_UUID } from "../../contracts/reference.ts";
import { KEEP_EVENT_MS } from "../../worker/rooms/room.ts";
import { publishToLocation, publishToSpace } from "../../worker/services/kernel/realtime.ts";
import { makeLocation, memberOf } from "../factories.ts";
import { deviceUpdated, join, until } from "../ws.ts";

/**
 * A dashboard's data may be older than its socket: a page fetches its first data before the room
 * joins, and a reconnect follows a gap. The welcome says how long ago the room last published a
 * device or location event, so the console refetches only what may have missed one.
 */

type Welcome = Extract<ServerMessage, { type: "welcome" }>;

async function welcomeOf(space: string, token: string): Promise<Welcome> {
  const socket = await join(`/parties/space/${space}`, token);
  await until(() => socket.messages.some((m) => m.type === "welcome"));
  const welcome = socket.messages.find((m): m is Welcome => m.type === "welcome");
  socket.ws?.close();
  if (!welcome) throw new Error("no welcome");
  return welcome;
}

describe("the welcome's last_event_age_ms and last_presence_age_ms", () => {
  it("both are null in a new room; account presence dates last_presence_age_ms only", async () => {
    const first = await memberOf("viewer");
    const s = first.space.space_uuid;
    // The welcome comes before the joining socket's own accountOnline.
    expect(await welcomeOf(s, first.token)).toMatchObject({ last_event_age_ms: null, last_presence_age_ms: null });
    const second = await memberOf("viewer", first.space);
    const other = await join(`/parties/space/${s}`, second.token);
    await until(() => other.messages.some((m) => m.type === "welcome"));
    const later = await welcomeOf(s, first.token);
    expect(later.last_event_age_ms).toBeNull();
    expect(later.last_presence_age_ms).toEqual(expect.any(Number));
    expect(later.last_presence_age_ms).toBeLessThan(5000);
    other.ws?.close();
  });

  it("tells a later join how long ago the last device event was", async () => {
    const member = await memberOf("viewer");
    const s = member.space.space_uuid;
    const before = Date.now();
    await publishToSpace(env, s, deviceUpdated(s));
    await new Promise((r) => setTimeout(r, 300));
    const age = (await welcomeOf(s, member.token)).last_event_age_ms;
    expect(age).not.toBeNull();
    expect(age).toBeGreaterThanOrEqual(250);
    expect(age).toBeLessThanOrEqual(Date.now() - before + 50);
  });

  it("a location event counts too", async () => {
    const member = await memberOf("viewer");
    const s = member.space.space_uuid;
    await publishToSpace(env, s, {
      type: "locationDetailsUpdate",
      event: "locationUpdated",
      space_uuid: s,
      location_uuid: crypto.randomUUID(),
    });
    expect((await welcomeOf(s, member.token)).last_event_age_ms).toEqual(expect.any(Number));
  });

  it("survives the room forgetting its memory (a wake from hibernation): it is kept in storage", async () => {
    const member = await memberOf("viewer");
    const s = member.space.space_uuid;
    await publishToSpace(env, s, deviceUpdated(s));
    const room = await getServerByName(env.Space, s);
    await runInDurableObject(room, (instance) => {
      // What a wake starts with: nothing in memory.
      (instance as unknown as { dates: { forget(): void } }).dates.forget();
    });
    const age = (await welcomeOf(s, member.token)).last_event_age_ms;
    expect(age).toEqual(expect.any(Number));
    expect(age).toBeLessThan(5000);
  });

  it("a burst is kept with one write at once and one at the end of the interval, the newest time", async () => {
    const member = await memberOf("viewer");
    const s = member.space.space_uuid;
    const room = await getServerByName(env.Space, s);
    const times = () =>
      runInDurableObject(room, async (instance, state) => ({
        memory: (
          instance as unknown as { dates: { inMemory(kind: string): number | null | undefined } }
        ).dates.inMemory("fleet"),
        stored: await state.storage.get<number>("outpost:last:fleet"),
      }));
    await publishToSpace(env, s, deviceUpdated(s));
    const first = await times();
    expect(first.stored).toBe(first.memory); // the first event of a quiet room: kept at once
    const writes: number[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 30));
      await publishToSpace(env, s, deviceUpdated(s));
      writes.push((await times()).stored ?? 0);
    }
    const burst = await times();
    expect(burst.memory).toBeGreaterThan(first.memory ?? 0);
    expect(writes.every((w) => w === first.stored)).toBe(true); // not one write per event
    await new Promise((r) => setTimeout(r, KEEP_EVENT_MS + 300));
    expect((await times()).stored).toBe(burst.memory); // the interval's end keeps the newest
  });

  it("only a space room dates its events: a location room's welcome carries no ages", async () => {
    const member = await memberOf("viewer");
    const s = member.space.space_uuid;
    const location = await makeLocation(s, {
      name: "L",
      display_id: "L-1",
      location_type_uuid: LOCATION_TYPE_UUID.other,
    });
    await publishToLocation(env, location.uuid, deviceUpdated(s));
    const socket = await join(`/parties/location/${location.uuid}`, member.token);
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    const welcome = socket.messages.find((m): m is Welcome => m.type === "welcome");
    expect(welcome).toBeDefined();
    expect(welcome).not.toHaveProperty("last_event_age_ms");
    expect(welcome).not.toHaveProperty("last_presence_age_ms");
    socket.ws?.close();
  });
});

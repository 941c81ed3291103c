import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OFFLINE_AFTER_MS } from "../../contracts/devices/presence.ts";
import { AGENT_PING, AGENT_SILENCE_MS, CloseCode, type ServerMessage } from "../../contracts/realtime/events.ts";
import { LIVENESS_CHECK_MS } from "../../worker/rooms/device-room.ts";
import type { ConnState } from "../../worker/rooms/room.ts";
import { makeDevice, makeDeviceCredential, memberOf } from "../factories.ts";
import { join, until } from "../ws.ts";

/** The room's view used here: its sockets and presence, and the hook that reads the runtime's ping times. */
type RoomInside = {
  marker?: string;
  presence: { online: boolean; last_heartbeat: number | null };
  autoPingAt: (ws: WebSocket) => number | null;
  getConnections: (tag: string) => Iterable<{ state: ConnState | null; setState: (s: ConnState) => void }>;
};
const inside = (instance: unknown) => instance as RoomInside;

async function watchedAgent() {
  const member = await memberOf("viewer");
  const device = await makeDevice(member.space.space_uuid, { connected_status: "connected" });
  const space = await join(`/parties/space/${member.space.space_uuid}`, member.token);
  const watcher = await join(`/parties/device/${device.uuid}`, member.token);
  const agent = await join(`/parties/device/${device.uuid}`, await makeDeviceCredential(device));
  await until(() => watcher.messages.some((m) => m.type === "presence" && m.online));
  // As a real agent does: the silence rule counts once the room has answered its hello.
  agent.ws?.send(JSON.stringify({ type: "hello", agent_version: "test" }));
  await until(() => agent.messages.some((m) => m.type === "helloAck"));
  // A stub that has called nothing yet: getServerByName's setName would wake the room.
  const room = env.Device.getByName(device.uuid);
  const offline = (m: ServerMessage) =>
    m.type === "deviceDetailsUpdate" && m.event === "deviceOffline" && m.device_uuid === device.uuid;
  return { device, space, watcher, agent, room, offline };
}

const autoPongs = (messages: ServerMessage[]) => messages.filter((m) => m.type === "pong" && m.at === undefined);
const clockPongs = (messages: ServerMessage[]) => messages.filter((m) => m.type === "pong" && m.at !== undefined);

describe("DeviceRoom hibernation", () => {
  it("hibernates with its sockets, answers pings asleep, and wakes on the next frame with sockets and presence intact", async () => {
    const { space, watcher, agent, room, offline } = await watchedAgent();
    await runInDurableObject(room, (instance) => {
      inside(instance).marker = "before eviction";
    });
    await evictDurableObject(room);

    // Asleep: the runtime answers the agent's ping, and the room is not woken for it.
    agent.ws?.send(AGENT_PING);
    await until(() => autoPongs(agent.messages).length === 1);
    await expect(evictDurableObject(room)).rejects.toThrow();

    // The next frame wakes a new instance, which still has both sockets and the agent online.
    agent.ws?.send(JSON.stringify({ type: "heartbeat" }));
    await until(() => clockPongs(agent.messages).length === 1);
    const seen = await runInDurableObject(room, (instance, state) => {
      const agents = state.getWebSockets("agent");
      return {
        marker: inside(instance).marker,
        agents: agents.length,
        dashboards: state.getWebSockets("dashboard").length,
        pinged: state.getWebSocketAutoResponseTimestamp(agents[0]) !== null,
        online: inside(instance).presence.online,
      };
    });
    expect(seen).toEqual({ marker: undefined, agents: 1, dashboards: 1, pinged: true, online: true });
    agent.ws?.send(
      JSON.stringify({
        type: "telemetry",
        telemetry: { cpu: { status: 0, cores: 2, threads: 2, load1: 0.5, load5: 0.5, load15: 0.5 } },
      }),
    );
    await until(() => watcher.messages.some((m) => m.type === "telemetrySample"));
    expect(space.messages.some(offline)).toBe(false);
    expect(agent.closed).toEqual([]);
    for (const s of [agent, watcher, space]) s.ws?.close();
  });

  it("pings the runtime answered keep the agent online past 90 s without a frame; 25 s without one closes it", async () => {
    const { space, agent, room, offline } = await watchedAgent();
    agent.ws?.send(AGENT_PING);
    await until(() => autoPongs(agent.messages).length === 1);
    // No frame and no heartbeat for 100 s, but a ping answered just now.
    await runInDurableObject(room, (instance) => {
      const view = inside(instance);
      view.presence.last_heartbeat = Date.now() - 100_000;
      for (const c of view.getConnections("agent")) {
        if (c.state) c.setState({ ...c.state, frameAt: Date.now() - 100_000 });
      }
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(await runInDurableObject(room, (instance) => inside(instance).presence.online)).toBe(true);
    expect(agent.closed).toEqual([]);

    // Then the pings stop too (half-open): the next check closes the socket and the device goes offline.
    await runInDurableObject(room, async (instance, state) => {
      inside(instance).autoPingAt = () => Date.now() - AGENT_SILENCE_MS - 1000;
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    await until(() => agent.closed.length > 0);
    expect(agent.closed[0].code).toBe(CloseCode.silent);
    await until(() => space.messages.some(offline));
    space.ws?.close();
  });

  it("a heartbeat gets the room's clock and moves the liveness check past the agent's next heartbeat", async () => {
    const { agent, watcher, space, room } = await watchedAgent();
    agent.ws?.send(AGENT_PING);
    await until(() => autoPongs(agent.messages).length === 1);
    const before = Date.now();
    agent.ws?.send(JSON.stringify({ type: "heartbeat", at: before }));
    await until(() => clockPongs(agent.messages).length === 1);
    const at = clockPongs(agent.messages)[0];
    expect(at.type === "pong" && at.at).toBeGreaterThanOrEqual(before);
    const alarm = await runInDurableObject(room, (_instance, state) => state.storage.getAlarm());
    // Not the 25 s silence check a new socket armed: one that a healthy agent's next heartbeat moves on.
    expect(alarm).toBeGreaterThanOrEqual(before + LIVENESS_CHECK_MS);
    expect(alarm).toBeLessThanOrEqual(Date.now() + Math.max(LIVENESS_CHECK_MS, OFFLINE_AFTER_MS));
    for (const s of [agent, watcher, space]) s.ws?.close();
  });
});

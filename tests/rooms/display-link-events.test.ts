import { describe, expect, it } from "vitest";
import { IssuedCredential } from "../../contracts/access/schema.ts";
import type { ServerMessage } from "../../contracts/realtime/events.ts";
import { api, memberOf } from "../factories.ts";
import { join, ticketFor, until } from "../ws.ts";

/*
 * A socket hears only the events its principal may read: a display link reads the fleet, not the
 * space's accounts (the API refuses it the member list), so it hears no account presence.
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
const presence = (s: Socket) =>
  s.messages.filter(
    (m): m is Extract<ServerMessage, { type: "accountOnline" | "accountOffline" }> =>
      m.type === "accountOnline" || m.type === "accountOffline",
  );

describe("events a socket hears are what its principal may read", () => {
  it("a display link hears no account presence; a member and an API token do", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await credential(admin, "display-link");
    const token = await credential(admin, "api-token");
    const wall = await welcomed(await join((await ticketFor(s, `space/${s}`, link.secret)).url));
    const robot = await welcomed(await join(`/parties/space/${s}`, undefined, { bearer: token.secret }));
    const console = await welcomed(await join(`/parties/space/${s}`, admin.token));

    const viewer = await memberOf("viewer", admin.space);
    const comer = await welcomed(await join(`/parties/space/${s}`, viewer.token));
    comer.ws?.close(1000);
    await until(() => presence(console).some((m) => m.type === "accountOffline"));
    await until(() => presence(robot).some((m) => m.type === "accountOffline"));
    expect(presence(console).map((m) => [m.type, m.account_uuid])).toContainEqual([
      "accountOnline",
      viewer.account.account_uuid,
    ]);
    // The wall heard neither; it still hears the fleet (a ping answered after them, in order).
    wall.ws?.send(JSON.stringify({ type: "ping", at: Date.now() }));
    await until(() => wall.messages.some((m) => m.type === "pong"));
    expect(presence(wall)).toEqual([]);
    expect(JSON.stringify(wall.messages)).not.toContain(viewer.account.account_uuid);
    expect(JSON.stringify(wall.messages)).not.toContain(admin.account.account_uuid);
    for (const x of [wall, robot, console]) x.ws?.close(1000);
  });
});

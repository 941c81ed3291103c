import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import { CloseCode } from "../../contracts/realtime/events.ts";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { roomTicketTable } from "../../drizzle/schema/index.ts";
import { getSigningKey } from "../../worker/auth/keys.ts";
import { sha256Hex } from "../../worker/lib/crypto.ts";
import { publishToSpace } from "../../worker/services/kernel/realtime.ts";
import { api, db, makeDevice, makeDeviceCredential, makeLocation, memberOf, ORIGIN } from "../factories.ts";
import { deviceUpdated, join, ticketFor, until } from "../ws.ts";

/** An access token of `user` that expires in `seconds` (the provider's own key and claims). */
async function shortToken(user: { uuid: string; email: string }, seconds: number) {
  const key = await getSigningKey(env, db());
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: user.email, client_id: CONSOLE_CLIENT_ID, scope: "openid" })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "at+jwt" })
    .setIssuer(`${ORIGIN}/auth`)
    .setSubject(user.uuid)
    .setAudience(CONSOLE_CLIENT_ID)
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(key.privateKey);
}

describe("sockets last only as long as the right to them", () => {
  it("disabling a member closes its space and device sockets with 4403 within 2 s", async () => {
    const admin = await memberOf("admin");
    const member = await memberOf("content_manager", admin.space);
    const device = await makeDevice(admin.space.space_uuid);
    const space = await join(`/parties/space/${admin.space.space_uuid}`, member.token);
    const deviceRoom = await join(`/parties/device/${device.uuid}`, member.token);
    const adminSocket = await join(`/parties/space/${admin.space.space_uuid}`, admin.token);
    await until(() => [space, deviceRoom, adminSocket].every((s) => s.messages.some((m) => m.type === "welcome")));

    const started = Date.now();
    const res = await api(`/api/space/${admin.space.space_uuid}/account/${member.account.account_uuid}/`, {
      method: "PATCH",
      token: admin.token,
      json: { status: "disabled" },
    });
    expect(res.status).toBe(200);
    await until(() => space.closed.length > 0 && deviceRoom.closed.length > 0, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(space.closed[0].code).toBe(CloseCode.membershipChanged);
    expect(deviceRoom.closed[0].code).toBe(CloseCode.membershipChanged);
    expect(space.closed[0].reason).toMatch(/disabled/);

    // The admin's own socket is untouched and still hears the space.
    await publishToSpace(env, admin.space.space_uuid, deviceUpdated(admin.space.space_uuid));
    await until(() => adminSocket.messages.some((m) => m.type === "deviceDetailsUpdate"));
    expect(adminSocket.closed).toEqual([]);
    // And the disabled member cannot come back.
    expect((await join(`/parties/space/${admin.space.space_uuid}`, member.token)).status).toBe(403);
    adminSocket.ws?.close();
  });

  it("a role change closes the account's location socket (4403); the member may rejoin with the new role", async () => {
    const admin = await memberOf("admin");
    const member = await memberOf("content_manager", admin.space);
    const location = await makeLocation(admin.space.space_uuid);
    const socket = await join(`/parties/location/${location.uuid}`, member.token);
    await until(() => socket.messages.some((m) => m.type === "welcome"));

    const res = await api(`/api/space/${admin.space.space_uuid}/account/${member.account.account_uuid}/`, {
      method: "PATCH",
      token: admin.token,
      json: { role_uuid: ROLE_UUID.viewer },
    });
    expect(res.status).toBe(200);
    await until(() => socket.closed.length > 0, 2000);
    expect(socket.closed[0]).toMatchObject({
      code: CloseCode.membershipChanged,
      reason: expect.stringMatching(/role/),
    });
    const again = await join(`/parties/location/${location.uuid}`, member.token);
    expect(again.status).toBe(101);
    again.ws?.close();
  });

  it("a socket opened with an access token closes (4401) when the token expires", async () => {
    const member = await memberOf("viewer");
    const token = await shortToken(member.user, 2);
    const socket = await join(`/parties/space/${member.space.space_uuid}`, token);
    expect(socket.status).toBe(101);
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    await until(() => socket.closed.length > 0, 5000);
    expect(socket.closed[0].code).toBe(CloseCode.tokenExpired);
  });

  it("re-authenticating on the socket with a fresh token keeps it open past the first token's expiry", async () => {
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid);
    const socket = await join(`/parties/device/${device.uuid}`, await shortToken(member.user, 2));
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    socket.ws?.send(JSON.stringify({ type: "auth", token: await shortToken(member.user, 60) }));
    await until(() => socket.messages.some((m) => m.type === "authenticated"));
    const reply = socket.messages.find((m) => m.type === "authenticated");
    expect(reply && "exp" in reply && reply.exp).toBeGreaterThan(Date.now() + 50_000);
    await new Promise((r) => setTimeout(r, 3500));
    expect(socket.closed).toEqual([]);
    socket.ws?.send(JSON.stringify({ type: "ping" }));
    await until(() => socket.messages.some((m) => m.type === "pong"));
    socket.ws?.close();
  });

  it("a token of another user sent on the socket closes it (4401)", async () => {
    const member = await memberOf("viewer");
    const other = await memberOf("viewer", member.space);
    const socket = await join(`/parties/space/${member.space.space_uuid}`, member.token);
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    socket.ws?.send(JSON.stringify({ type: "auth", token: other.token }));
    await until(() => socket.closed.length > 0);
    expect(socket.closed[0].code).toBe(CloseCode.tokenExpired);
  });
});

describe("room tickets and credentials outside the URL", () => {
  it("a ticket opens its room once; a second use, another room or an expired ticket is refused", async () => {
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid);
    const s = member.space.space_uuid;
    const first = await ticketFor(s, `device/${device.uuid}`, member.token);
    expect(first).toMatchObject({ room: `device/${device.uuid}`, expires_in: 30 });
    expect(first.url).toBe(`/parties/device/${device.uuid}?ticket=${encodeURIComponent(first.ticket)}`);

    const socket = await join(`/parties/device/${device.uuid}`, undefined, { ticket: first.ticket });
    expect(socket.status).toBe(101);
    await until(() => socket.messages.some((m) => m.type === "presence"));
    expect((await join(`/parties/device/${device.uuid}`, undefined, { ticket: first.ticket })).status).toBe(401);

    const forSpace = await ticketFor(s, `space/${s}`, member.token);
    expect((await join(`/parties/device/${device.uuid}`, undefined, { ticket: forSpace.ticket })).status).toBe(401);
    // Unused by the wrong room: still good for its own.
    const spaceSocket = await join(`/parties/space/${s}`, undefined, { ticket: forSpace.ticket });
    expect(spaceSocket.status).toBe(101);

    const stale = await ticketFor(s, `space/${s}`, member.token);
    await db()
      .update(roomTicketTable)
      .set({ expires_at: Date.now() - 1 })
      .where(eq(roomTicketTable.ticket_hash, await sha256Hex(stale.ticket)));
    expect((await join(`/parties/space/${s}`, undefined, { ticket: stale.ticket })).status).toBe(401);
    socket.ws?.close();
    spaceSocket.ws?.close();
  });

  it("tickets are stored hashed and only for rooms of the caller's space", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("viewer");
    const deviceB = await makeDevice(b.space.space_uuid);
    const t = await ticketFor(a.space.space_uuid, `space/${a.space.space_uuid}`, a.token);
    const rows = await db().select().from(roomTicketTable);
    expect(rows.some((r) => r.ticket_hash === t.ticket)).toBe(false);
    const hash = await sha256Hex(t.ticket);
    expect(rows.find((r) => r.ticket_hash === hash)).toMatchObject({
      room: `space/${a.space.space_uuid}`,
      used_at: null,
    });

    const cross = await api(`/api/space/${a.space.space_uuid}/room-ticket/`, {
      method: "POST",
      token: a.token,
      json: { room: `device/${deviceB.uuid}` },
    });
    expect(cross.status).toBe(404);
    const foreignSpace = await api(`/api/space/${b.space.space_uuid}/room-ticket/`, {
      method: "POST",
      token: a.token,
      json: { room: `space/${b.space.space_uuid}` },
    });
    expect(foreignSpace.status).toBe(403);
    const bad = await api(`/api/space/${a.space.space_uuid}/room-ticket/`, {
      method: "POST",
      token: a.token,
      json: { room: "kitchen/1" },
    });
    expect(bad.status).toBe(400);
    expect((await api(`/api/space/${a.space.space_uuid}/room-ticket/`, { method: "POST", json: {} })).status).toBe(401);
  });

  it("a disabled member's ticket no longer opens a socket", async () => {
    const admin = await memberOf("admin");
    const member = await memberOf("viewer", admin.space);
    const t = await ticketFor(admin.space.space_uuid, `space/${admin.space.space_uuid}`, member.token);
    await api(`/api/space/${admin.space.space_uuid}/account/${member.account.account_uuid}/`, {
      method: "PATCH",
      token: admin.token,
      json: { status: "disabled" },
    });
    expect((await join(`/parties/space/${admin.space.space_uuid}`, undefined, { ticket: t.ticket })).status).toBe(403);
  });

  it("an agent connects with its credential in the Authorization header", async () => {
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid);
    const credential = await makeDeviceCredential(device);
    const agent = await join(`/parties/device/${device.uuid}`, undefined, { bearer: credential });
    expect(agent.status).toBe(101);
    await until(() => agent.messages.some((m) => m.type === "welcome" && m.role === "agent"));
    expect((await join(`/parties/device/${device.uuid}`, undefined, { bearer: "wrong" })).status).toBe(401);
    // A user's access token works in the header too.
    const dash = await join(`/parties/space/${member.space.space_uuid}`, undefined, { bearer: member.token });
    expect(dash.status).toBe(101);
    agent.ws?.close();
    dash.ws?.close();
  });
});

describe("per-connection budgets", () => {
  it("a flooding dashboard is closed with 1008 while the room and /healthz stay responsive", async () => {
    const member = await memberOf("viewer");
    const other = await memberOf("viewer", member.space);
    const flooder = await join(`/parties/space/${member.space.space_uuid}`, member.token);
    const calm = await join(`/parties/space/${member.space.space_uuid}`, other.token);
    await until(() => [flooder, calm].every((s) => s.messages.some((m) => m.type === "welcome")));
    for (let i = 0; i < 5000; i++) flooder.ws?.send(JSON.stringify({ type: "ping" }));
    await until(() => flooder.closed.length > 0, 5000);
    expect(flooder.closed[0]).toMatchObject({ code: CloseCode.policy, reason: expect.stringMatching(/Too many/) });
    // At most the burst (plus refill) was answered.
    expect(flooder.messages.filter((m) => m.type === "pong").length).toBeLessThanOrEqual(60);

    expect((await SELF.fetch(`${ORIGIN}/healthz`)).status).toBe(200);
    await publishToSpace(env, member.space.space_uuid, deviceUpdated(member.space.space_uuid));
    await until(() => calm.messages.some((m) => m.type === "deviceDetailsUpdate"));
    calm.ws?.send(JSON.stringify({ type: "ping" }));
    await until(() => calm.messages.some((m) => m.type === "pong"));
    expect(calm.closed).toEqual([]);
    calm.ws?.close();
  });

  it("a dashboard 1 000 events behind is dropped (1008); one that acknowledges keeps up", async () => {
    const member = await memberOf("viewer");
    const other = await memberOf("viewer", member.space);
    const s = member.space.space_uuid;
    const silent = await join(`/parties/space/${s}`, member.token);
    const acking = await join(`/parties/space/${s}`, other.token);
    await until(() => [silent, acking].every((x) => x.messages.some((m) => m.type === "welcome")));
    acking.ws?.addEventListener("message", () => {
      if (acking.messages.length % 100 === 0)
        acking.ws?.send(JSON.stringify({ type: "ack", received: acking.messages.length }));
    });
    for (let i = 0; i < 1100; i++) await publishToSpace(env, s, deviceUpdated(s));
    await until(() => silent.closed.length > 0);
    expect(silent.closed[0]).toMatchObject({ code: CloseCode.policy, reason: expect.stringMatching(/behind/) });
    expect(acking.closed).toEqual([]);
    await until(() => acking.messages.filter((m) => m.type === "deviceDetailsUpdate").length === 1100);
    acking.ws?.close();
  });

  it("a 4 MB frame from a dashboard is refused unparsed (1008)", async () => {
    const member = await memberOf("viewer");
    const socket = await join(`/parties/space/${member.space.space_uuid}`, member.token);
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    socket.ws?.send(JSON.stringify({ type: "ping", pad: "x".repeat(4 * 1024 * 1024) }));
    await until(() => socket.closed.length > 0, 5000);
    expect(socket.closed[0]).toMatchObject({ code: CloseCode.policy, reason: "Message too large." });
  });

  it("an agent may upload a large commandResult but not a large heartbeat", async () => {
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid);
    const credential = await makeDeviceCredential(device);
    const agent = await join(`/parties/device/${device.uuid}`, undefined, { bearer: credential });
    await until(() => agent.messages.some((m) => m.type === "welcome"));
    agent.ws?.send(
      JSON.stringify({
        type: "commandResult",
        id: "nobody-asked",
        ok: true,
        result: { image_base64: "A".repeat(1_000_000) },
      }),
    );
    agent.ws?.send(JSON.stringify({ type: "ping" }));
    await until(() => agent.messages.some((m) => m.type === "pong"));
    expect(agent.closed).toEqual([]);
    agent.ws?.send(JSON.stringify({ type: "heartbeat", pad: "x".repeat(100_000) }));
    await until(() => agent.closed.length > 0);
    expect(agent.closed[0].code).toBe(CloseCode.policy);
  });
});

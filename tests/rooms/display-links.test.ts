import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CREDENTIAL_ENDED, IssuedCredential } from "../../contracts/access/schema.ts";
import { CloseCode } from "../../contracts/realtime/events.ts";
import { roomTicketTable } from "../../drizzle/schema/index.ts";
import { sha256Hex } from "../../worker/lib/crypto.ts";
import { publishToSpace } from "../../worker/services/kernel/realtime.ts";
import { api, db, makeDevice, makeLocation, memberOf } from "../factories.ts";
import { deviceUpdated, join, ticketFor, until } from "../ws.ts";

type Admin = Awaited<ReturnType<typeof memberOf>>;

async function displayLink(admin: Admin, body: Record<string, unknown> = {}) {
  const res = await api(`/api/space/${admin.space.space_uuid}/display-link/add/`, {
    method: "POST",
    token: admin.token,
    json: { name: "NOC wall", ...body },
  });
  expect(res.status).toBe(201);
  return IssuedCredential.parse(await res.json());
}

const buyTicket = (space: string, room: string, secret: string) =>
  api(`/api/space/${space}/room-ticket/`, { method: "POST", token: secret, json: { room } });

describe("a display link in the rooms", () => {
  it("joins its space's room with a ticket as a dashboard and hears the space", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await displayLink(admin);
    const ticket = await ticketFor(s, `space/${s}`, link.secret);
    expect(ticket.ticket).toMatch(/^rt_/);
    // Stored as SHA-256 only.
    const stored = await db()
      .select()
      .from(roomTicketTable)
      .where(eq(roomTicketTable.credential_uuid, link.uuid))
      .get();
    expect(stored?.ticket_hash).toBe(await sha256Hex(ticket.ticket));
    // A credential's ticket names the credential, not a user.
    expect(stored).toMatchObject({ user_uuid: null, token_exp: null, room: `space/${s}` });

    const socket = await join(ticket.url);
    expect(socket.status).toBe(101);
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    expect(socket.messages[0]).toMatchObject({ type: "welcome", role: "dashboard" });
    await publishToSpace(env, s, deviceUpdated(s));
    await until(() => socket.messages.some((m) => m.type === "deviceDetailsUpdate"));
    // The ticket was single-use.
    expect((await join(ticket.url)).status).toBe(401);
    socket.ws?.close();
  });

  it("is refused location and device room tickets (403), another space's room, and device rooms by header", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await displayLink(admin);
    const device = await makeDevice(s);
    const location = await makeLocation(s);
    expect((await buyTicket(s, `device/${device.uuid}`, link.secret)).status).toBe(403);
    expect((await buyTicket(s, `location/${location.uuid}`, link.secret)).status).toBe(403);
    const other = await memberOf("viewer");
    expect((await buyTicket(s, `space/${other.space.space_uuid}`, link.secret)).status).toBe(404);
    expect((await buyTicket(other.space.space_uuid, `space/${other.space.space_uuid}`, link.secret)).status).toBe(403);

    // Sent as the upgrade's bearer (server-side clients): its space room only; never in the URL.
    expect((await join(`/parties/device/${device.uuid}`, undefined, { bearer: link.secret })).status).toBe(403);
    expect((await join(`/parties/location/${location.uuid}`, undefined, { bearer: link.secret })).status).toBe(403);
    expect((await join(`/parties/space/${other.space.space_uuid}`, undefined, { bearer: link.secret })).status).toBe(
      403,
    );
    expect((await join(`/parties/space/${s}`, link.secret)).status).toBe(401);
    const byHeader = await join(`/parties/space/${s}`, undefined, { bearer: link.secret });
    expect(byHeader.status).toBe(101);
    byHeader.ws?.close();
  });

  it("revoking closes its space socket with 4410 and the reason within 5 s; it cannot come back", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await displayLink(admin);
    const keep = await displayLink(admin, { name: "Other wall" });
    const wall = await join((await ticketFor(s, `space/${s}`, link.secret)).url);
    const otherWall = await join((await ticketFor(s, `space/${s}`, keep.secret)).url);
    const member = await join(`/parties/space/${s}`, admin.token);
    await until(() => [wall, otherWall, member].every((x) => x.messages.some((m) => m.type === "welcome")));

    const started = Date.now();
    const res = await api(`/api/space/${s}/display-link/${link.uuid}/`, { method: "DELETE", token: admin.token });
    expect(res.status).toBe(204);
    await until(() => wall.closed.length > 0, 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(wall.closed[0]).toEqual({
      code: CloseCode.credentialRevoked,
      reason: CREDENTIAL_ENDED.display_link.revoked,
    });

    // The other wall and the member's dashboard stay and still hear the space.
    await publishToSpace(env, s, deviceUpdated(s));
    await until(() => otherWall.messages.some((m) => m.type === "deviceDetailsUpdate"));
    await until(() => member.messages.some((m) => m.type === "deviceDetailsUpdate"));
    expect(otherWall.closed).toEqual([]);

    const again = await buyTicket(s, `space/${s}`, link.secret);
    expect(again.status).toBe(401);
    expect((await join(`/parties/space/${s}`, undefined, { bearer: link.secret })).status).toBe(401);
    otherWall.ws?.close();
    member.ws?.close();
  });

  it("an unused ticket of a revoked link no longer opens the room", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await displayLink(admin);
    const ticket = await ticketFor(s, `space/${s}`, link.secret);
    await api(`/api/space/${s}/display-link/${link.uuid}/`, { method: "DELETE", token: admin.token });
    expect((await join(ticket.url)).status).toBe(401);
  });

  it("a socket of a link that expires is closed (4401) at its expiry", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await displayLink(admin, { expires_at: new Date(Date.now() + 2500).toISOString() });
    const wall = await join((await ticketFor(s, `space/${s}`, link.secret)).url);
    await until(() => wall.messages.some((m) => m.type === "welcome"));
    await until(() => wall.closed.length > 0, 6000);
    expect(wall.closed[0].code).toBe(CloseCode.tokenExpired);
  });
});

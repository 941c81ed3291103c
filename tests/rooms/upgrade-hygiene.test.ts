import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PRINCIPAL_HEADER } from "../../contracts/access/principal.ts";
import type { Env } from "../../worker/env.ts";
import { routeRoomRequest } from "../../worker/room-access.ts";
import { memberOf, ORIGIN } from "../factories.ts";
import { join, ticketFor, until } from "../ws.ts";

/** What the space room keeps of each socket: the address partyserver stored and the principal. */
async function socketsSeenBy(space: string) {
  const room = env.Space.get(env.Space.idFromName(space));
  return runInDurableObject(room, (_instance, state) =>
    state.getWebSockets().map((ws) => {
      // The raw attachment (partyserver wraps the socket's own method to return only __user).
      const attachment = WebSocket.prototype.deserializeAttachment.call(ws) as {
        __pk: { uri: string };
        __user: { principal: { kind: string; account_uuid?: string } } | null;
      };
      return { uri: attachment.__pk.uri, principal: attachment.__user?.principal };
    }),
  );
}

describe("a room never sees the upgrade's credential, and only the Worker names the principal", () => {
  it("a token in the query string, a ticket, and a bearer header all reach the room without the credential", async () => {
    const member = await memberOf("viewer");
    const s = member.space.space_uuid;
    const byQuery = await join(`/parties/space/${s}`, member.token);
    const byTicket = await join(`/parties/space/${s}`, undefined, {
      ticket: (await ticketFor(s, `space/${s}`, member.token)).ticket,
    });
    const byHeader = await join(`/parties/space/${s}`, undefined, { bearer: member.token });
    const sockets = [byQuery, byTicket, byHeader];
    await until(() => sockets.every((x) => x.messages.some((m) => m.type === "welcome")));
    const seen = await socketsSeenBy(s);
    expect(seen).toHaveLength(3);
    for (const { uri, principal } of seen) {
      expect(uri).toBe(`${new URL(uri).origin}/parties/space/${s}`);
      expect(uri).not.toContain(member.token);
      expect(principal).toMatchObject({ kind: "user", account_uuid: member.account.account_uuid });
    }
    for (const x of sockets) x.ws?.close(1000, "done");
  });

  it("a principal header sent by the client is replaced by the one the Worker authenticated", async () => {
    const member = await memberOf("viewer");
    const other = await memberOf("admin", member.space);
    const s = member.space.space_uuid;
    const forged = JSON.stringify({
      kind: "user",
      user_uuid: other.user.uuid,
      account_uuid: other.account.account_uuid,
      space_uuid: s,
    });
    const socket = await join(`/parties/space/${s}`, undefined, {
      bearer: member.token,
      headers: { [PRINCIPAL_HEADER]: forged },
    });
    await until(() => socket.messages.some((m) => m.type === "welcome"));
    const seen = await socketsSeenBy(s);
    expect(seen.map((x) => x.principal?.account_uuid)).toEqual([member.account.account_uuid]);
    socket.ws?.close(1000, "done");
  });
});

describe("what the Worker hands a room (worker/room-access.ts routeRoomRequest)", () => {
  /** The real bindings with a Space namespace whose stub records the requests it is sent. */
  function recordingEnv() {
    const sent: Request[] = [];
    const stub = {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Request(input, init));
        return new Response("room", { status: 200 });
      },
    };
    const Space = {
      idFromName: (name: string) => ({ name, toString: () => name }),
      get: () => stub,
      jurisdiction: () => Space,
    } as unknown as DurableObjectNamespace;
    return { env: { ...env, Space } as Env, sent };
  }

  it("one request per upgrade: no credential, no header partyserver reads, the Worker's principal, no query", async () => {
    const member = await memberOf("viewer");
    const s = member.space.space_uuid;
    const { env: recording, sent } = recordingEnv();
    const res = await routeRoomRequest(
      new Request(`${ORIGIN}/parties/space/${s}?token=${member.token}&x=1`, {
        headers: {
          Upgrade: "websocket",
          "x-partykit-room": "someone-elses-room",
          "x-partykit-props": btoa(JSON.stringify({ admin: true })),
          [PRINCIPAL_HEADER]: JSON.stringify({ kind: "device", device_uuid: "d", space_uuid: s }),
        },
      }),
      recording,
    );
    expect(res?.status).toBe(200);
    expect(sent).toHaveLength(1);
    const [req] = sent;
    expect(req.url).toBe(`${ORIGIN}/parties/space/${s}`);
    expect(req.headers.get("Upgrade")).toBe("websocket");
    expect(req.headers.get("Authorization")).toBeNull();
    expect(req.headers.get("x-partykit-room")).toBeNull();
    expect(req.headers.get("x-partykit-props")).toBeNull();
    expect(JSON.parse(req.headers.get(PRINCIPAL_HEADER) ?? "null")).toMatchObject({
      kind: "user",
      account_uuid: member.account.account_uuid,
      space_uuid: s,
    });
  });

  it("refusals never reach a room: no credential, a plain request, an unknown party, no room name", async () => {
    const member = await memberOf("viewer");
    const s = member.space.space_uuid;
    const { env: recording, sent } = recordingEnv();
    const route = (path: string, headers: Record<string, string>) =>
      routeRoomRequest(new Request(`${ORIGIN}${path}`, { headers }), recording);
    const noCredential = await route(`/parties/space/${s}`, { Upgrade: "websocket" });
    expect(noCredential?.status).toBe(401);
    const plain = await route(`/parties/space/${s}`, { Authorization: `Bearer ${member.token}` });
    expect(plain?.status).toBe(404);
    expect(await plain?.json()).toMatchObject({ message: "Not found." });
    const unknownParty = await route(`/parties/spaces/${s}`, { Upgrade: "websocket" });
    expect(unknownParty?.status).toBe(404);
    expect(await unknownParty?.json()).toMatchObject({ message: "Room not found." });
    expect(await route("/parties/space", { Upgrade: "websocket" })).toBeNull();
    expect(sent).toHaveLength(0);
    // Through the Worker, a path that names no room is the API's 404.
    const res = await SELF.fetch(`${ORIGIN}/parties/space`, { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "Room not found." });
  });
});

import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PRINCIPAL_HEADER } from "../../contracts/principal.ts";
import { memberOf } from "../factories.ts";
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

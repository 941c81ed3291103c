import { env, runInDurableObject } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { CloseCode, type ServerMessage } from "../../contracts/realtime/events.ts";
import { TUNNEL_MAX_PER_DEVICE, TUNNEL_REFUSALS_MAX, TUNNEL_TEXT } from "../../contracts/remote-actions/tunnel.ts";
import type { Env } from "../../worker/env.ts";
import { USER_RATE } from "../../worker/rooms/budget.ts";
import { countingD1 } from "../d1-counting.ts";
import { makeDevice, memberOf } from "../factories.ts";
import { fakeAgent } from "../fake-agent.ts";
import { join, until } from "../ws.ts";

/*
 * tunnelOpen from a socket that may not open remote sessions: refused from what the socket
 * already knows (its principal and role, set when it was authenticated), without D1; the frames
 * count against the message budget; and a socket refused TUNNEL_REFUSALS_MAX times is closed.
 * (Before: each refusal read D1 twice on the tunnel budget of 20 000 frames/s, and 3 000 frames
 * from one Viewer stalled the server.)
 */

type Socket = Awaited<ReturnType<typeof join>>;
const sendJson = (s: Socket, frame: object) => s.ws?.send(JSON.stringify(frame));
const refusals = (s: Socket) =>
  s.messages.filter((m): m is Extract<ServerMessage, { type: "tunnelClosed" }> => m.type === "tunnelClosed");
const open = (s: Socket) => sendJson(s, { type: "tunnelOpen", session: crypto.randomUUID(), kind: "terminal" });

/** An online device (its fake agent said hello) and a dashboard of `role` on its room. */
async function setup(role: "admin" | "content_manager" | "viewer") {
  const member = await memberOf(role);
  const device = await makeDevice(member.space.space_uuid, { connected_status: "connected" });
  const agent = await fakeAgent(device);
  agent.hello();
  const browser = await join(`/parties/device/${device.uuid}`, member.token);
  await until(() => browser.messages.some((m) => m.type === "presence" && m.online));
  return { member, device, agent, browser };
}

/** Has the device room read D1 through a binding that counts its round trips. */
async function countRoomD1(device: string) {
  const room = await getServerByName((env as unknown as Env).Device, device);
  const counting = countingD1((env as unknown as Env).DB);
  await runInDurableObject(room, (instance) => {
    (instance as unknown as { env: Env }).env = { ...(instance as unknown as { env: Env }).env, DB: counting.d1 };
  });
  return counting;
}

describe("tunnelOpen refusals", () => {
  it("a Viewer's tunnelOpen on an online device is refused without reading D1", async () => {
    const s = await setup("viewer");
    const counting = await countRoomD1(s.device.uuid);
    for (let i = 0; i < 5; i++) open(s.browser);
    await until(() => refusals(s.browser).length === 5);
    expect(refusals(s.browser).map((m) => m.reason)).toEqual(Array(5).fill(TUNNEL_TEXT.forbidden));
    expect(counting.trips()).toBe(0);
    expect(s.agent.messages.some((m) => m.type === "tunnelOpen")).toBe(false);
  });

  it(`closes a socket after ${TUNNEL_REFUSALS_MAX} refusals (1008, with the reason)`, async () => {
    const s = await setup("viewer");
    for (let i = 0; i < TUNNEL_REFUSALS_MAX + 5; i++) open(s.browser);
    await until(() => s.browser.closed.length === 1);
    expect(s.browser.closed[0]).toEqual({ code: CloseCode.policy, reason: TUNNEL_TEXT.tooManyRefusals });
    expect(refusals(s.browser)).toHaveLength(TUNNEL_REFUSALS_MAX);
    // The agent and its device are untouched.
    expect(s.agent.closed).toEqual([]);
  });

  it("control frames spend the socket's message budget, not the tunnel's", async () => {
    const s = await setup("admin");
    // tunnelClose of no session: nothing to refuse, nothing to end; only the budget sees them.
    const session = crypto.randomUUID();
    for (let i = 0; i < USER_RATE.burst + 10; i++) sendJson(s.browser, { type: "tunnelClose", session });
    await until(() => s.browser.closed.length === 1);
    expect(s.browser.closed[0].code).toBe(CloseCode.policy);
    expect(s.browser.closed[0].reason).toMatch(/message budget/);
  });

  it("a burst of tunnelOpens from a Content Manager reads D1 only for the sessions the device can take", async () => {
    const s = await setup("content_manager");
    const counting = await countRoomD1(s.device.uuid);
    const burst = TUNNEL_MAX_PER_DEVICE + 17;
    for (let i = 0; i < burst; i++) open(s.browser);
    await until(() => refusals(s.browser).length === burst - TUNNEL_MAX_PER_DEVICE);
    await until(() => s.agent.messages.filter((m) => m.type === "tunnelOpen").length === TUNNEL_MAX_PER_DEVICE);
    expect(new Set(refusals(s.browser).map((m) => m.reason))).toEqual(new Set([TUNNEL_TEXT.tooMany]));
    // One trip (a batch: membership, device and its location's consent, the space's session
    // policy, the operator's name) per session opened; none for a refused one.
    expect(counting.trips()).toBe(TUNNEL_MAX_PER_DEVICE);
  });

  it("a Content Manager still opens a session (the role on the socket lets it through)", async () => {
    const s = await setup("content_manager");
    const session = crypto.randomUUID();
    sendJson(s.browser, { type: "tunnelOpen", session, kind: "terminal" });
    await until(() => s.agent.messages.some((m) => m.type === "tunnelOpen" && m.session === session));
    expect(refusals(s.browser)).toEqual([]);
  });
});

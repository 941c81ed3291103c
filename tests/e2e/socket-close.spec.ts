import WebSocket from "ws";
import { DEMO_LOCATIONS, DEMO_PASSWORD, DEMO_SPACE_UUID } from "../../agent/sim/demo-data.ts";
import { CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import { CloseCode } from "../../contracts/realtime/events.ts";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { signIn } from "./support.ts";
import { expect, test } from "./test.ts";

/**
 * Room sockets end when their right ends, and every close handshake completes, whoever starts it.
 * Raw `ws` clients against the served console (no browser between): what a server-side client or
 * a frozen tab does on the wire. Each test makes the members, tokens and devices it changes.
 */

const SPACE = DEMO_SPACE_UUID;
const LOCATION = DEMO_LOCATIONS.find((l) => l.space === "demo")?.uuid ?? "";

type Api = (path: string, init?: { method?: string; json?: unknown; token?: string }) => Promise<Response>;
const apiOf =
  (origin: string): Api =>
  (path, { method = "GET", json, token } = {}) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });

async function passwordGrant(origin: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${origin}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: email, password, client_id: CONSOLE_CLIENT_ID }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const MEMBER_PASSWORD = "socket-close-pass";

/** A new member of the demo space with `role`, invited by the demo Admin and registered from the mailed link. */
async function newMember(origin: string, admin: string, role: keyof typeof ROLE_UUID) {
  const api = apiOf(origin);
  const email = `socket.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const invited = await api(`/api/space/${SPACE}/account/add/`, {
    method: "POST",
    token: admin,
    json: { user_accounts: [{ email, role_uuid: ROLE_UUID[role] }] },
  });
  expect(invited.status).toBeLessThan(300);
  const mails = (await (await api(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
    mails: { text: string }[];
  };
  const link = /account-registration\?account=([^&\s]+)&(?:amp;)?token=([^\s"<]+)/.exec(mails.mails[0]?.text ?? "");
  if (!link) throw new Error(`no registration link mailed to ${email}`);
  const [, account, token] = link;
  const password = MEMBER_PASSWORD;
  const registered = await api(`/api/space-account/${account}/account-registration/`, {
    method: "PATCH",
    json: { token: decodeURIComponent(token), display_name: email.split("@")[0], password },
  });
  expect(registered.status).toBe(200);
  return { email, account_uuid: account, token: await passwordGrant(origin, email, password) };
}

/** A raw socket that has its welcome, with the time its close frame arrived and how it ended. */
type Sock = {
  ws: WebSocket;
  heard: string[];
  /** When the server's close frame arrived (the socket turned CLOSING), ms since epoch. */
  closeFrameAt: () => number | null;
  ended: Promise<{ code: number; reason: string; at: number }>;
};

function open(origin: string, path: string, bearer: string): Promise<Sock> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, "ws")}${path}`, {
      headers: { Authorization: `Bearer ${bearer}` },
      perMessageDeflate: false,
    });
    const heard: string[] = [];
    let frameAt: number | null = null;
    const watch = setInterval(() => {
      if (frameAt === null && ws.readyState >= WebSocket.CLOSING) frameAt = Date.now();
    }, 5);
    const ended = new Promise<{ code: number; reason: string; at: number }>((done) =>
      ws.on("close", (code, reason) => {
        clearInterval(watch);
        frameAt ??= Date.now();
        done({ code, reason: String(reason), at: Date.now() });
      }),
    );
    ws.on("message", (data) => {
      heard.push(String(data));
      if (heard.length === 1) resolve({ ws, heard, closeFrameAt: () => frameAt, ended });
    });
    ws.on("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on("error", reject);
  });
}

/** The status of an upgrade that is refused (or 101 when it opens). */
function upgradeStatus(origin: string, path: string, bearer: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${origin.replace(/^http/, "ws")}${path}`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("open", () => {
      ws.close(1000);
      resolve(101);
    });
    ws.on("error", () => resolve(0));
  });
}

/** Resolves when the socket's close frame has arrived (at most `ms`): its time, else null. */
async function closeFrameWithin(sock: Sock, ms: number): Promise<number | null> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const at = sock.closeFrameAt();
    if (at !== null) return at;
    await new Promise((r) => setTimeout(r, 10));
  }
  return null;
}

test("a client's close without a status code is answered at once (1000, not 1006 after 10 s)", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const admin = await passwordGrant(origin, "admin@outpost.demo");
  const sock = await open(origin, `/parties/space/${SPACE}`, admin);
  const started = Date.now();
  sock.ws.close(); // What a browser's WebSocket.close() sends: a close frame with no code.
  const end = await sock.ended;
  expect(end.at - started).toBeLessThan(1000);
  expect(end.code).toBe(1000);

  const coded = await open(origin, `/parties/space/${SPACE}`, admin);
  const codedStart = Date.now();
  coded.ws.close(1000, "bye");
  expect((await coded.ended).at - codedStart).toBeLessThan(1000);
});

test("an API token and its socket stop with its creator's membership", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const api = apiOf(origin);
  const admin = await passwordGrant(origin, "admin@outpost.demo");
  const creator = await newMember(origin, admin, "admin");
  const made = await api(`/api/space/${SPACE}/api-token/add/`, {
    method: "POST",
    token: creator.token,
    json: { name: "socket-close", scope: "operator" },
  });
  expect(made.status).toBe(201);
  const tokenT = ((await made.json()) as { secret: string }).secret;
  const room = `/parties/space/${SPACE}`;
  const sock = await open(origin, room, tokenT);
  // As the console's client does (else the runtime ends the connection ≈ 10 s after the close frame).
  sock.ws.send(JSON.stringify({ type: "ack", received: 0 }));

  const disabled = await api(`/api/space/${SPACE}/account/${creator.account_uuid}/`, {
    method: "PATCH",
    token: admin,
    json: { status: "disabled" },
  });
  expect(disabled.status).toBe(200);
  // Closed by the disable itself (the PATCH awaits it), with "do not reconnect".
  expect(await closeFrameWithin(sock, 2000)).not.toBeNull();
  expect((await sock.ended).code).toBe(CloseCode.credentialRevoked);
  expect((await api(`/api/space/${SPACE}/tag/items/`, { token: tokenT })).status).toBe(403);
  expect(await upgradeStatus(origin, room, tokenT)).toBe(403);
});

test("archiving a device closes its agent's socket (4410) and refuses the agent from then on", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const api = apiOf(origin);
  const admin = await passwordGrant(origin, "admin@outpost.demo");
  const added = await api(`/api/space/${SPACE}/device/add/`, {
    method: "POST",
    token: admin,
    json: { name: `socket-close-${Date.now().toString(36)}`, location: LOCATION },
  });
  expect(added.status).toBe(201);
  const device = ((await added.json()) as { uuid: string }).uuid;
  const code = await api(`/api/space/${SPACE}/device/${device}/installation-code/reset/`, {
    method: "POST",
    token: admin,
  });
  const { installation_code_value: value } = (await code.json()) as { installation_code_value: string };
  const enrolled = await api("/api/agent/enroll/", { method: "POST", json: { code: value } });
  expect(enrolled.status).toBe(200);
  const { credential } = (await enrolled.json()) as { credential: string };

  const room = `/parties/device/${device}`;
  const agent = await open(origin, room, credential);
  agent.ws.send(JSON.stringify({ type: "hello", agent_version: "test", machine_id: "before", inventory: {} }));
  await expect
    .poll(
      async () =>
        (
          (await (await api(`/api/space/${SPACE}/device/${device}/`, { token: admin })).json()) as {
            machine_id?: string;
          }
        ).machine_id,
    )
    .toBe("before");

  const archived = await api(`/api/space/${SPACE}/device/${device}/archived-status/`, {
    method: "PATCH",
    token: admin,
    json: { archived: true },
  });
  expect(archived.status).toBe(200);
  expect(await closeFrameWithin(agent, 2000)).not.toBeNull();
  expect((await agent.ended).code).toBe(CloseCode.credentialRevoked);
  expect(await upgradeStatus(origin, room, credential)).toBe(401);
  const detail = (await (await api(`/api/space/${SPACE}/device/${device}/`, { token: admin })).json()) as {
    machine_id?: string;
  };
  expect(detail.machine_id).toBe("before");
});

test("a stalled socket does not let the member's later sockets survive a disable", async ({ baseURL }) => {
  const origin = baseURL ?? "";
  const api = apiOf(origin);
  const admin = await passwordGrant(origin, "admin@outpost.demo");
  const member = await newMember(origin, admin, "viewer");
  const added = await api(`/api/space/${SPACE}/device/add/`, {
    method: "POST",
    token: admin,
    json: { name: `socket-stall-${Date.now().toString(36)}`, location: LOCATION },
  });
  const device = ((await added.json()) as { uuid: string }).uuid;
  const rooms = [`/parties/location/${LOCATION}`, `/parties/device/${device}`];

  // A frozen tab: its sockets stop reading, so they never answer the close the role change sends.
  const frozen = await Promise.all(rooms.map((room) => open(origin, room, member.token)));
  for (const sock of frozen) (sock.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  const changed = await api(`/api/space/${SPACE}/account/${member.account_uuid}/`, {
    method: "PATCH",
    token: admin,
    json: { role_uuid: ROLE_UUID.content_manager },
  });
  expect(changed.status).toBe(200);

  // The member comes back (another tab), then is disabled: the new sockets close with it.
  const again = await Promise.all(rooms.map((room) => open(origin, room, member.token)));
  for (const sock of again) sock.ws.send(JSON.stringify({ type: "ack", received: 0 }));
  const disabled = await api(`/api/space/${SPACE}/account/${member.account_uuid}/`, {
    method: "PATCH",
    token: admin,
    json: { status: "disabled" },
  });
  expect(disabled.status).toBe(200);
  for (const sock of again) {
    expect(await closeFrameWithin(sock, 2000)).not.toBeNull();
    expect((await sock.ended).code).toBe(CloseCode.membershipChanged);
  }
  for (const sock of frozen) sock.ws.terminate();
});

test("a socket that has sent a frame, as the console's does at once, ends within 1 s of a revocation", async ({
  baseURL,
}) => {
  // The runtime completes a close the room starts (from the API's call, not from the socket's own
  // message) only ≈ 10 s later on a socket that never sent anything; on one that has, at once. The
  // console's client sends its first frame (an ack of nothing) as it opens.
  const origin = baseURL ?? "";
  const api = apiOf(origin);
  const admin = await passwordGrant(origin, "admin@outpost.demo");
  const made = await api(`/api/space/${SPACE}/api-token/add/`, {
    method: "POST",
    token: admin,
    json: { name: `socket-close-frame-${Date.now().toString(36)}`, scope: "read" },
  });
  const { uuid, secret } = (await made.json()) as { uuid: string; secret: string };
  const sock = await open(origin, `/parties/space/${SPACE}`, secret);
  sock.ws.send(JSON.stringify({ type: "ack", received: 0 }));
  await new Promise((r) => setTimeout(r, 100));
  const started = Date.now();
  expect((await api(`/api/space/${SPACE}/api-token/${uuid}/`, { method: "DELETE", token: admin })).status).toBe(204);
  const end = await sock.ended;
  expect(end.code).toBe(CloseCode.credentialRevoked);
  expect(end.at - started).toBeLessThan(1000);
});

test("the console hears its socket close within 1 s of its member being disabled", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const api = apiOf(origin);
  const admin = await passwordGrant(origin, "admin@outpost.demo");
  const member = await newMember(origin, admin, "viewer");
  const spaceSocket = page.waitForEvent("websocket", (ws) => ws.url().includes(`/parties/space/${SPACE}`));
  await signIn(page, member.email, MEMBER_PASSWORD, { fresh: true });
  const ws = await spaceSocket;
  // Its welcome came: the socket is open and joined.
  await ws.waitForEvent("framereceived");
  const closed = ws.waitForEvent("close").then(() => Date.now());
  const started = Date.now();
  const disabled = await api(`/api/space/${SPACE}/account/${member.account_uuid}/`, {
    method: "PATCH",
    token: admin,
    json: { status: "disabled" },
  });
  expect(disabled.status).toBe(200);
  expect((await closed) - started).toBeLessThan(1000);
});

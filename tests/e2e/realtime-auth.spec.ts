import { signIn } from "./support.ts";
import { expect, type WebSocket as PageSocket, test } from "./test.ts";

/**
 * The console's sockets: rooms are joined with single-use tickets (no access token
 * in any URL), a used ticket opens nothing, and a token refreshed in another tab is sent on the
 * open socket, which the room accepts.
 */

const rooms = (sockets: PageSocket[], party: string) => sockets.filter((s) => s.url().includes(`/parties/${party}/`));

test("rooms are joined with single-use tickets, never a token in the URL", async ({ page, baseURL }) => {
  const sockets: PageSocket[] = [];
  page.on("websocket", (ws) => sockets.push(ws));
  await signIn(page);
  await expect.poll(() => rooms(sockets, "space").length).toBeGreaterThan(0);

  // Open a device: its flyout joins the device room the same way.
  await page
    .getByLabel("Search by name, description, machine id, uuid, IP or MAC address, location or tag")
    .fill("ZG Reception Kiosk");
  await page
    .getByRole("list", { name: "Devices" })
    .getByRole("link", { name: /ZG Reception Kiosk/ })
    .click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "ZG Reception Kiosk" })).toBeVisible();
  await expect.poll(() => rooms(sockets, "device").length).toBeGreaterThan(0);

  for (const socket of sockets) {
    const url = new URL(socket.url());
    expect(url.searchParams.get("token")).toBeNull();
    expect(url.searchParams.get("ticket")).toMatch(/^rt_/);
  }

  // The space room's ticket was spent when the page joined: replaying it opens nothing.
  const used = new URL(rooms(sockets, "space")[0].url());
  const replay = new URL(`${used.pathname}${used.search}`, baseURL?.replace(/^http/, "ws"));
  const outcome = await new Promise<string>((resolve) => {
    const ws = new WebSocket(replay);
    ws.addEventListener("open", () => {
      ws.close();
      resolve("open");
    });
    ws.addEventListener("error", () => resolve("refused"));
  });
  expect(outcome).toBe("refused");
});

test("a token refreshed in another tab is sent on the open socket and accepted", async ({ page, context }) => {
  let spaceSocket: PageSocket | null = null;
  const sent: string[] = [];
  const received: string[] = [];
  page.on("websocket", (ws) => {
    if (!ws.url().includes("/parties/space/")) return;
    spaceSocket = ws;
    ws.on("framesent", (frame) => sent.push(String(frame.payload)));
    ws.on("framereceived", (frame) => received.push(String(frame.payload)));
  });
  // A family of its own: another tab refreshes it below.
  await signIn(page, undefined, undefined, { fresh: true });
  await expect.poll(() => received.some((m) => m.includes('"welcome"'))).toBe(true);
  expect(spaceSocket).not.toBeNull();

  // Another tab of the same browser refreshes the session (as the session keeper does) and stores it.
  const other = await context.newPage();
  await other.goto("/healthz");
  const newToken = await other.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem("outpost.session") ?? "null");
    const res = await fetch("/auth/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: session.refresh_token,
        client_id: "outpost-console",
      }),
    });
    const tokens = await res.json();
    const now = Date.now();
    localStorage.setItem(
      "outpost.session",
      JSON.stringify({
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_at: now + tokens.expires_in * 1000,
        refresh_expires_at: now + tokens.refresh_expires_in * 1000,
      }),
    );
    return tokens.access_token as string;
  });

  // The first tab follows the storage event: the same socket re-authenticates with the new token.
  await expect.poll(() => sent.filter((m) => m.includes('"type":"auth"')).length).toBeGreaterThan(0);
  const auth = JSON.parse(sent.find((m) => m.includes('"type":"auth"')) ?? "{}");
  expect(auth.token).toBe(newToken);
  await expect.poll(() => received.some((m) => m.includes('"type":"authenticated"'))).toBe(true);
  const reply = JSON.parse(received.find((m) => m.includes('"type":"authenticated"')) ?? "{}");
  expect(reply.exp).toBeGreaterThan(Date.now() + 200_000);
  // Still the one socket, still open.
  expect((spaceSocket as PageSocket | null)?.isClosed()).toBe(false);
  await other.close();
});

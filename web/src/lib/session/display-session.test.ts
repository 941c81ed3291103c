import { CREDENTIAL_ENDED } from "@contracts/access/values";
import { listTags } from "@contracts/tags/routes";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "./memory-storage.test-helper";

const session = vi.hoisted(() => ({
  getSession: vi.fn(),
  subscribeSession: vi.fn(),
  refreshSession: vi.fn(),
  endSession: vi.fn(),
}));
vi.mock("./session", () => session);

const SECRET = `owd_${"A".repeat(43)}`;

/** Fresh modules per test: the display session is module state read from storage at load. */
async function load() {
  vi.resetModules();
  const displaySession = await import("./display-session");
  const api = await import("../api/api");
  return { ...displaySession, ...api };
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("sessionStorage", storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("display-session", () => {
  it("starts with a display link's secret, keeps it in sessionStorage and notifies", async () => {
    const { startDisplaySession, getDisplaySecret, subscribeDisplaySession, displaySessionEnd } = await load();
    const listener = vi.fn();
    subscribeDisplaySession(listener);
    expect(getDisplaySecret()).toBeNull();
    expect(startDisplaySession(` ${SECRET} `)).toBe(true);
    expect(getDisplaySecret()).toBe(SECRET);
    expect(displaySessionEnd()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storage.items.get("outpost.display")).toBe(SECRET);
    // A reload of the wall's tab finds it again.
    expect((await load()).getDisplaySecret()).toBe(SECRET);
  });

  it("refuses what is not a display link's secret (an API token, a JWT) and says so", async () => {
    const { startDisplaySession, getDisplaySecret, displaySessionEnd } = await load();
    expect(startDisplaySession(`ost_${"A".repeat(43)}`)).toBe(false);
    expect(startDisplaySession("eyJ.a.b")).toBe(false);
    expect(getDisplaySecret()).toBeNull();
    expect(displaySessionEnd()).toBe("invalid");
  });

  it("ends with the server's reason: revoked, expired, otherwise invalid", async () => {
    const m = await load();
    m.startDisplaySession(SECRET);
    m.endDisplaySessionRefused(CREDENTIAL_ENDED.display_link.revoked);
    expect(m.getDisplaySecret()).toBeNull();
    expect(m.displaySessionEnd()).toBe("revoked");
    expect(storage.items.has("outpost.display")).toBe(false);
    m.startDisplaySession(SECRET);
    m.endDisplaySessionRefused(CREDENTIAL_ENDED.display_link.expired);
    expect(m.displaySessionEnd()).toBe("expired");
    m.startDisplaySession(SECRET);
    m.endDisplaySessionRefused("Given token not valid for any token type");
    expect(m.displaySessionEnd()).toBe("invalid");
    m.startDisplaySession(SECRET);
    m.endDisplaySession();
    expect(m.displaySessionEnd()).toBe("ended");
  });
});

describe("api.ts bearer", () => {
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  it("uses the display link while a display session is active — no user session, no refresh", async () => {
    const m = await load();
    session.getSession.mockReturnValue(null);
    const fetch = vi.fn(async () => reply(200, { tags: [] }));
    vi.stubGlobal("fetch", fetch);
    m.startDisplaySession(SECRET);
    await expect(m.callApi(listTags, { params: { space: "s" } })).resolves.toEqual({ tags: [] });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/space/s/tag/items/");
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${SECRET}`);
  });

  it("prefers the display link over a user session in the same tab", async () => {
    const m = await load();
    session.getSession.mockReturnValue({ access_token: "user-jwt" });
    const fetch = vi.fn(async () => reply(200, { tags: [] }));
    vi.stubGlobal("fetch", fetch);
    m.startDisplaySession(SECRET);
    await m.callApi(listTags, { params: { space: "s" } });
    m.endDisplaySession();
    await m.callApi(listTags, { params: { space: "s" } });
    const bearers = fetch.mock.calls.map(
      (call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>).Authorization,
    );
    expect(bearers).toEqual([`Bearer ${SECRET}`, "Bearer user-jwt"]);
  });

  it("a 401 for the display link ends the display session as revoked, without refreshing or ending the user's", async () => {
    const m = await load();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => reply(401, { code: "unauthorized", message: CREDENTIAL_ENDED.display_link.revoked })),
    );
    m.startDisplaySession(SECRET);
    const error = await m.callApi(listTags, { params: { space: "s" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(m.ApiError);
    expect((error as InstanceType<typeof m.ApiError>).status).toBe(401);
    expect(m.displaySessionEnd()).toBe("revoked");
    expect(m.getDisplaySecret()).toBeNull();
    expect(session.refreshSession).not.toHaveBeenCalled();
    expect(session.endSession).not.toHaveBeenCalled();
  });
});

describe("room-socket with a display session", () => {
  it("stops retrying when the display link's ticket is refused (401), as for 403/404; a user's 401 retries", async () => {
    vi.resetModules();
    const { ticketRefusalIsFinal } = await import("../realtime/room-socket");
    const { ApiError } = await import("../api/api");
    expect(ticketRefusalIsFinal(new ApiError(401, null), true)).toBe(true);
    expect(ticketRefusalIsFinal(new ApiError(401, null), false)).toBe(false);
    expect(ticketRefusalIsFinal(new ApiError(403, null), false)).toBe(true);
    expect(ticketRefusalIsFinal(new ApiError(0, null), true)).toBe(false);
  });
});

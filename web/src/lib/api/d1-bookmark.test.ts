import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "../session/memory-storage.test-helper";

/* The API client carries the newest D1 bookmark from reply to request. */

const session = vi.hoisted(() => ({
  getSession: vi.fn(() => ({ access_token: "access" })),
  subscribeSession: vi.fn(),
  refreshSession: vi.fn(),
  endSession: vi.fn(),
}));
vi.mock("../session/session", () => session);

const bookmark = (n: number) => `00000000-${n.toString(16).padStart(8, "0")}-00000000-${"0".repeat(32)}`;

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/** Fresh modules per test: the kept bookmark is module state read from storage at first use. */
async function load() {
  vi.resetModules();
  return { ...(await import("./api")), ...(await import("./d1-bookmark")), ...(await import("./public-api")) };
}

const sentBookmarks = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .map(([, init]) => (init as RequestInit).headers as Record<string, string>)
    .map((h) => h["X-D1-Bookmark"]);

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("localStorage", storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("the API client and X-D1-Bookmark", () => {
  it("sends none at first, then the bookmark of the last reply; a save's bookmark reaches the next read", async () => {
    const { apiJson } = await load();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(reply(200, {}, { "X-D1-Bookmark": bookmark(5) }))
      .mockResolvedValueOnce(reply(201, {}, { "X-D1-Bookmark": bookmark(9) }))
      .mockResolvedValueOnce(reply(200, {}))
      .mockResolvedValueOnce(reply(200, {}));
    vi.stubGlobal("fetch", fetch);
    await apiJson("/a", {});
    await apiJson("/b", { method: "POST", json: {} });
    await apiJson("/c", {}); // no bookmark in the reply: keep the one we have
    await apiJson("/d", {});
    expect(sentBookmarks(fetch)).toEqual([undefined, bookmark(5), bookmark(9), bookmark(9)]);
    expect(storage.items.get("outpost.d1Bookmark")).toBe(bookmark(9));
  });

  it("keeps the newest: an older reply arriving late does not move it back; junk is ignored", async () => {
    const { keepBookmark, currentBookmark } = await load();
    const headers = (value: string) => ({ headers: new Headers({ "X-D1-Bookmark": value }) });
    keepBookmark(headers(bookmark(7)));
    keepBookmark(headers(bookmark(3)));
    keepBookmark(headers("garbage"));
    expect(currentBookmark()).toBe(bookmark(7));
  });

  it("carries on after a reload (localStorage), and errors carry their bookmark too", async () => {
    storage.items.set("outpost.d1Bookmark", bookmark(11));
    const { apiJson, ApiError } = await load();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(reply(403, { code: "forbidden", message: "No." }, { "X-D1-Bookmark": bookmark(12) }))
      .mockResolvedValueOnce(reply(200, {}));
    vi.stubGlobal("fetch", fetch);
    await expect(apiJson("/x", {})).rejects.toBeInstanceOf(ApiError);
    await apiJson("/y", {});
    expect(sentBookmarks(fetch)).toEqual([bookmark(11), bookmark(12)]);
  });

  it("the session-less calls (account lifecycle) carry it as well", async () => {
    storage.items.set("outpost.d1Bookmark", bookmark(20));
    const { publicJson, currentBookmark } = await load();
    const fetch = vi.fn().mockResolvedValueOnce(reply(200, {}, { "X-D1-Bookmark": bookmark(21) }));
    vi.stubGlobal("fetch", fetch);
    await publicJson("/account/password/", { method: "POST", json: {} });
    expect(sentBookmarks(fetch)).toEqual([bookmark(20)]);
    expect(currentBookmark()).toBe(bookmark(21));
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "@/lib/session/memory-storage.test-helper";
import { type EarlyEntry, earlyRequests, type FirstLoadConfig, type FirstLoadRoute, routeFor } from "./first-load";

/*
 * index.html's first-load script asks for a signed-in page's first data before the console's
 * modules have loaded. It repeats what the console asks for (it cannot import the console), so
 * these tests run the console's own first requests and check that each one takes the script's
 * reply instead of asking again: a change of page size, ordering, storage key or route path that
 * the script does not follow fails here.
 */

const SPACE = "6f1c7a52-0100-4000-8000-000000000001";
const NOW = Date.UTC(2026, 10, 29, 8, 0, 0);
const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, "")}.s`;
const TOKEN = token({ email: "admin@outpost.demo", sub: "u" });

const devicesRoute: FirstLoadRoute = { path: "/devices", files: [], data: "devices" };
const wallRoute: FirstLoadRoute = { path: "/wall", files: [], data: "wall" };

function signedInStorage(expiresAt = NOW + 3_600_000) {
  const storage = memoryStorage();
  storage.setItem(
    "outpost.session",
    JSON.stringify({ access_token: TOKEN, refresh_token: "r", expires_at: expiresAt, refresh_expires_at: null }),
  );
  storage.setItem("outpost.space", SPACE);
  return storage;
}

const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** What each early request answers: enough of each reply's shape for the console's queries. */
function bodyFor(url: string) {
  if (url.includes("/device/items/")) return { results: [], count: 0, links: { next: null, previous: null } };
  if (url.endsWith("/account/login/"))
    return { email: "admin@outpost.demo", spaces: [{ space_uuid: SPACE, space_name: "Outpost Demo" }] };
  return { ok: true };
}

const early = () => (globalThis as { __outpostEarly?: EarlyEntry[] }).__outpostEarly;

/** The script's requests as it would start them, each answered at once. */
function startEarly(route: FirstLoadRoute, storage: ReturnType<typeof memoryStorage>) {
  const plan = earlyRequests(route, "", (key) => storage.getItem(key), NOW);
  if (!plan) throw new Error("no early requests");
  (globalThis as { __outpostEarly?: EarlyEntry[] }).__outpostEarly = plan.requests.map((request) => ({
    ...request,
    token: plan.token,
    at: performance.now(),
    response: Promise.resolve(reply(bodyFor(request.url))),
  }));
  return plan;
}

let storage: ReturnType<typeof memoryStorage>;
const asked = vi.fn(async (..._args: unknown[]) => reply({}));

beforeEach(() => {
  storage = signedInStorage(Date.now() + 3_600_000);
  vi.stubGlobal("localStorage", storage);
  vi.stubGlobal("fetch", asked);
  // lib/session follows other tabs through the window's storage events.
  vi.stubGlobal("window", new EventTarget());
  asked.mockClear();
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { __outpostEarly?: EarlyEntry[] }).__outpostEarly;
});

/** The console's modules, loaded after the stored session is in place (lib/session reads it at load). */
async function consoleModules() {
  const { QueryClient } = await import("@tanstack/react-query");
  const { sessionQueries } = await import("@/features/session/queries");
  const { deviceListOpener } = await import("@/features/devices/list/open-device-list");
  const { spaceQueries } = await import("@/features/space/queries");
  const { wallQueries } = await import("@/features/wall/queries");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, sessionQueries, deviceListOpener, spaceQueries, wallQueries };
}

describe("the first-load script's early requests", () => {
  it("/devices: the user, the space and the device list's first page are taken by the console's own requests", async () => {
    const plan = startEarly(devicesRoute, signedInStorage());
    expect(plan.requests.map((r) => `${r.method} ${r.url}`)).toHaveLength(3);
    const { client, sessionQueries, deviceListOpener, spaceQueries } = await consoleModules();
    await client.fetchQuery(sessionQueries.me());
    await client.fetchQuery(spaceQueries.detail(SPACE));
    await deviceListOpener.prefetchFirstPage(client, SPACE, new URLSearchParams());
    expect(asked).not.toHaveBeenCalled();
    expect(early()).toEqual([]);
  });

  it("/wall: the user, the summary and both availability windows", async () => {
    startEarly(wallRoute, signedInStorage());
    const { client, sessionQueries, wallQueries } = await consoleModules();
    await client.fetchQuery(sessionQueries.me());
    await client.fetchQuery(wallQueries.summary(SPACE, {}));
    await client.fetchQuery(wallQueries.availability(SPACE, "24h", {}));
    await client.fetchQuery(wallQueries.availability(SPACE, "7d", {}));
    expect(asked).not.toHaveBeenCalled();
    expect(early()).toEqual([]);
  });

  it("a reply is taken once, only with the same token and only while it is fresh", async () => {
    const { takeEarlyReply, EARLY_REPLY_MAX_AGE_MS } = await import("@/lib/api/early-requests");
    const plan = startEarly(devicesRoute, signedInStorage());
    const { url, body } = plan.requests[0];
    const at = early()?.[0].at ?? 0;
    expect(takeEarlyReply("POST", url, body, "another token", at)).toBeNull();
    expect(takeEarlyReply("POST", url, body, TOKEN, at + EARLY_REPLY_MAX_AGE_MS + 1)).toBeNull();
    expect(takeEarlyReply("POST", url, body, TOKEN, at)).not.toBeNull();
    expect(takeEarlyReply("POST", url, body, TOKEN, at)).toBeNull();
  });

  it("asks for nothing the console would not ask for as it is", () => {
    const read = (s: ReturnType<typeof memoryStorage>) => (key: string) => s.getItem(key);
    // Signed out, a session about to be refreshed, or a page without early data.
    expect(earlyRequests(devicesRoute, "", read(memoryStorage()), NOW)).toBeNull();
    expect(earlyRequests(devicesRoute, "", read(signedInStorage(NOW + 30_000)), NOW)).toBeNull();
    expect(earlyRequests({ path: "/login", files: [] }, "", read(signedInStorage()), NOW)).toBeNull();
    // Filters in the address or remembered ones: the user only (the console picks the list's URL).
    const remembered = signedInStorage();
    remembered.setItem("outpost.filters.location", SPACE);
    expect(earlyRequests(devicesRoute, "", read(remembered), NOW)?.requests).toHaveLength(1);
    expect(earlyRequests(devicesRoute, "?online=false", read(signedInStorage()), NOW)?.requests).toHaveLength(1);
    // A wall opened with a display link (or options) waits for the console.
    expect(earlyRequests(wallRoute, "?display=secret", read(signedInStorage()), NOW)).toBeNull();
  });

  it("uses the console's storage keys", async () => {
    const { storageKeys } = await import("@/lib/session/storage");
    expect([storageKeys.session, storageKeys.space, storageKeys.filters.location, storageKeys.filters.tag]).toEqual([
      "outpost.session",
      "outpost.space",
      "outpost.filters.location",
      "outpost.filters.tag",
    ]);
  });

  it("finds a page's route, flyouts below a list included", () => {
    const config: FirstLoadConfig = {
      files: [],
      routes: [
        { path: "/", files: [] },
        { path: "/devices", files: [] },
      ],
    };
    expect(routeFor(config, "/")?.path).toBe("/");
    expect(routeFor(config, "/devices")?.path).toBe("/devices");
    expect(routeFor(config, "/devices/device/view/s/u/general")?.path).toBe("/devices");
    expect(routeFor(config, "/devicesx")).toBeNull();
    expect(routeFor(config, "/wall")).toBeNull();
  });
});

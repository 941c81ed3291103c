import type { RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { lazyRoute } from "./lazy-route";
import { matchedRoutes, preloadPath, prepare, type RouteHandle } from "./prepare";

const ORIGIN = "https://console.test";
const at = (path: string) => {
  const url = new URL(path, ORIGIN);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

/** A route tree like the console's: a root, a list with a flyout, and another page. */
function tree() {
  const calls: string[] = [];
  const handle = (name: string, enter?: RouteHandle["enter"]): RouteHandle => ({
    preload: async () => calls.push(`preload ${name}`),
    enter,
  });
  const flyout: RouteObject = { path: ":uuid", handle: handle("flyout") };
  const list: RouteObject = {
    path: "devices",
    handle: handle("devices", async (url) => {
      calls.push(`enter devices ${url.search}`);
      return url.search ? null : "/devices?location=zagreb";
    }),
    children: [flyout],
  };
  const groups: RouteObject = { path: "groups", handle: handle("groups") };
  const root: RouteObject = {
    path: "/",
    handle: handle("root", () => {
      calls.push("enter root");
      return null;
    }),
    children: [list, groups],
  };
  return { routes: [root], root, list, flyout, groups, calls };
}

describe("prepare: what a navigation does before it renders", () => {
  it("starts every matched route's chunk at once, outermost first, before any enter", async () => {
    const { routes, calls } = tree();
    await prepare(routes, at("/devices/42?location=zagreb"), new Set(), ORIGIN);
    expect(calls.slice(0, 3)).toEqual(["preload root", "preload devices", "preload flyout"]);
    expect(calls.slice(3)).toEqual(["enter root", "enter devices ?location=zagreb"]);
  });

  it("names the URL a list sends a bare visit to (its remembered filters)", async () => {
    const { routes } = tree();
    await expect(prepare(routes, at("/devices"), new Set(), ORIGIN)).resolves.toBe("/devices?location=zagreb");
    await expect(prepare(routes, at("/devices?location=zagreb"), new Set(), ORIGIN)).resolves.toBeNull();
  });

  it("runs enter only for routes the navigation adds: not while the list stays on screen", async () => {
    const { routes, root, list, calls } = tree();
    // Filters cleared on the list itself: it stays bare, no redirect.
    await expect(prepare(routes, at("/devices"), new Set([root, list]), ORIGIN)).resolves.toBeNull();
    expect(calls.filter((c) => c.startsWith("enter"))).toEqual([]);
    // From another page, the list is entered again.
    await expect(prepare(routes, at("/devices"), new Set(matchedRoutes(routes, at("/groups"))), ORIGIN)).resolves.toBe(
      "/devices?location=zagreb",
    );
  });

  it("resolves once every matched chunk has arrived or failed, so the location renders without suspending", async () => {
    let arrive = () => {};
    const slow: RouteObject = {
      path: "/x",
      handle: { preload: () => new Promise<void>((resolve) => (arrive = resolve)) } satisfies RouteHandle,
      children: [{ path: "y", handle: { preload: () => Promise.reject(new Error("gone")) } satisfies RouteHandle }],
    };
    let done = false;
    const prepared = prepare([slow], at("/x/y"), new Set(), ORIGIN).then((target) => {
      done = true;
      return target;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    arrive();
    await expect(prepared).resolves.toBeNull();
  });

  it("treats a failing enter as nothing to do (the route's render reports the failure)", async () => {
    const failing: RouteObject = {
      path: "/x",
      handle: { enter: () => Promise.reject(new Error("chunk gone")) } satisfies RouteHandle,
    };
    await expect(prepare([failing], at("/x"), new Set(), ORIGIN)).resolves.toBeNull();
  });

  it("matches nothing for an unknown path without throwing", async () => {
    const { routes } = tree();
    expect(matchedRoutes(routes, at("/nowhere/at/all"))).toEqual([]);
    await expect(prepare(routes, at("/nowhere/at/all"), new Set(), ORIGIN)).resolves.toBeNull();
  });
});

const Page = () => null;

describe("preloadPath: a link about to be followed", () => {
  it("starts the chunks of the routes its path matches, and runs no enter", () => {
    const { routes, calls } = tree();
    preloadPath(routes, "/groups");
    expect(calls).toEqual(["preload root", "preload groups"]);
    preloadPath(routes, "/elsewhere");
    expect(calls).toHaveLength(2);
  });
});

describe("lazyRoute: a route's chunk", () => {
  it("loads once, however often it is preloaded", async () => {
    const chunk = vi.fn(async () => ({ Page }));
    const route = lazyRoute(chunk, (m) => m.Page);
    const first = route.preload();
    expect(route.preload()).toBe(first);
    await expect(first).resolves.toBe(Page);
    expect(route.preload()).toBe(first);
    expect(chunk).toHaveBeenCalledTimes(1);
  });

  it("loads again on the next preload after a failure (the next visit retries)", async () => {
    const chunk = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce({ Page });
    const route = lazyRoute(chunk, (m) => m.Page);
    await expect(route.preload()).rejects.toThrow("offline");
    await expect(route.preload()).resolves.toBe(Page);
    expect(chunk).toHaveBeenCalledTimes(2);
  });
});

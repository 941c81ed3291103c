/*
 * The first load's head start: a classic script in index.html's head (web/build/first-load-script.ts
 * builds it from this file, with the route table of the build), run before any module has
 * downloaded. On a phone network a page's JS and its first data otherwise come one after another:
 * the entry downloads and runs, then asks for the page's chunks, which ask for the signed-in user,
 * then for the list. Here:
 * - the page's chunks are asked for at once (`<link rel="modulepreload">`), beside the entry's;
 * - a signed-in page's first requests (the user, and the device list's first page or the wall's
 *   summary) start now, with the stored session; lib/early-requests.ts hands each reply to the first
 *   identical request the console makes (TanStack Query's), within a few seconds.
 *
 * No imports (it is not a module) and nothing that can throw past the try: a failure here only
 * loses the head start. Literal storage keys and query defaults are checked against the console's
 * own by web/src/boot/first-load.test.ts.
 */

/** A path of the console and what its first load needs (from the build manifest). */
export type FirstLoadRoute = {
  path: string;
  /** The page's lazy chunks and their static imports (not the entry's), scripts and styles: indexes in `files`. */
  files: number[];
  /** The data it asks for first: "me" (the signed-in user), and the device list's or the wall's. */
  data?: "me" | "devices" | "wall";
};
/** `files`: each file once (`/assets/….js` or `.css`), as most pages share most of theirs. */
export type FirstLoadConfig = { files: string[]; routes: FirstLoadRoute[] };
export type EarlyRequest = { method: "GET" | "POST"; url: string; body: string | null };
/** What the console finds on `window.__outpostEarly`. */
export type EarlyEntry = EarlyRequest & { token: string; at: number; response: Promise<Response> };

/** The route of `pathname`: the same path, or one below it (a flyout on its list). */
export function routeFor(config: FirstLoadConfig, pathname: string): FirstLoadRoute | null {
  for (const route of config.routes) {
    if (pathname === route.path || (route.path !== "/" && pathname.startsWith(`${route.path}/`))) return route;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The e-mail claim of an access token (a JWT), or null. */
function emailOf(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { email?: unknown };
  return typeof claims.email === "string" ? claims.email : null;
}

/**
 * The requests a signed-in first load of `route` makes first, with the stored session's token;
 * null without a session that is good for a while yet. Only URLs the console asks for as they are:
 * a list with filters in its address or remembered ones, or a wall opened with a display link or
 * options, waits for the console.
 */
export function earlyRequests(
  route: FirstLoadRoute,
  search: string,
  read: (key: string) => string | null,
  now: number,
): { token: string; requests: EarlyRequest[] } | null {
  if (!route.data) return null;
  if (route.data === "wall" && search !== "") return null;
  const session = JSON.parse(read("outpost.session") ?? "null") as { access_token?: unknown; expires_at?: unknown };
  if (!session || typeof session.access_token !== "string" || typeof session.expires_at !== "number") return null;
  // A token about to expire is refreshed first (lib/session-keeper.ts): its replies would be 401s.
  if (session.expires_at - now < 90_000) return null;
  const email = emailOf(session.access_token);
  if (!email) return null;
  const requests: EarlyRequest[] = [{ method: "POST", url: "/api/account/login/", body: JSON.stringify({ email }) }];
  const space = read("outpost.space");
  if (space && UUID.test(space) && search === "") {
    const base = `/api/space/${space}/`;
    if (route.data === "devices" && !read("outpost.filters.location") && !read("outpost.filters.tag")) {
      requests.push({ method: "GET", url: base, body: null });
      requests.push({ method: "GET", url: `${base}device/items/?ordering=-online&page_size=36`, body: null });
    } else if (route.data === "wall") {
      requests.push({ method: "GET", url: `${base}wall/`, body: null });
      requests.push({ method: "GET", url: `${base}location/availability/?window=24h`, body: null });
      requests.push({ method: "GET", url: `${base}location/availability/?window=7d`, body: null });
    }
  }
  return { token: session.access_token, requests };
}

export function startFirstLoad(config: FirstLoadConfig) {
  try {
    const route = routeFor(config, location.pathname);
    if (!route) return;
    // The data first: over HTTP/1.1 the browser opens six connections to a host, and the page's
    // scripts would otherwise hold them all.
    startEarlyRequests(route);
    for (const index of route.files) {
      const href = config.files[index];
      const link = document.createElement("link");
      if (href.endsWith(".css")) {
        // Preloaded only: the chunk's loader adds the stylesheet and waits for it, as without this script.
        link.rel = "preload";
        link.as = "style";
      } else {
        link.rel = "modulepreload";
        link.crossOrigin = "";
      }
      link.href = href;
      document.head.append(link);
    }
  } catch {
    // Only the head start is lost.
  }
}

function startEarlyRequests(route: FirstLoadRoute) {
  try {
    const plan = earlyRequests(route, location.search, (key) => localStorage.getItem(key), Date.now());
    if (!plan) return;
    const bookmark = localStorage.getItem("outpost.d1Bookmark");
    const entries: EarlyEntry[] = plan.requests.map((request) => {
      const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${plan.token}` };
      if (bookmark) headers["X-D1-Bookmark"] = bookmark;
      if (request.body !== null) headers["Content-Type"] = "application/json";
      const response = fetch(request.url, { method: request.method, headers, body: request.body, priority: "high" });
      // Not an unhandled rejection when nobody takes it: the console asks again itself.
      response.catch(() => undefined);
      return { ...request, token: plan.token, at: performance.now(), response };
    });
    (window as unknown as { __outpostEarly?: EarlyEntry[] }).__outpostEarly = entries;
  } catch {
    // Only the head start is lost.
  }
}

import { createContext, type ReactNode, Suspense, useContext, useLayoutEffect, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  NavigationType,
  type Navigator,
  parsePath,
  type RouteObject,
  Router,
  type To,
  useRoutes,
} from "react-router";
import { matchedRoutes, preloadPath, prepare } from "./prepare";

const history = createBrowserHistory();
/** The routes of the location on screen (a navigation's `enter` runs only for routes it adds). */
let shown: ReadonlySet<RouteObject> = new Set();

/**
 * The first location, made ready before the first render (like any navigation): its chunks start
 * loading and an entered list may redirect to its remembered filters first.
 */
export async function prepareFirstLocation(routes: RouteObject[]) {
  for (let hops = 0; hops < 5; hops++) {
    const target = await prepare(routes, history.location, shown);
    if (!target) break;
    history.replace(target, history.location.state);
  }
  shown = new Set(matchedRoutes(routes, history.location));
}

const Pending = createContext(false);

/** True while a navigation is under way: its `enter`s run or its chunks load (the old page stays meanwhile). */
export const useNavigationPending = () => useContext(Pending);

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The browser's history as the console's router. A navigation is prepared (`prepare`): the page on
 * screen stays, with the progress bar, until everything the new one needs has loaded; then the
 * address and the page change at once. `fallback` shows only while the very first page loads.
 */
export function AppRouter({ routes, fallback }: { routes: RouteObject[]; fallback: ReactNode }) {
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  const [preparing, setPreparing] = useState(false);

  // A link marked `data-preload` (the main navigation, the sections' tabs, the lists' cards, which
  // open flyouts) loads its page's code when the pointer moves over it or the focus reaches it, so
  // the click seldom waits for it. A pointer move, not a pointer over: the browser sends "over" to
  // whatever comes under a resting mouse as the page lays out, which is no sign of anyone there.
  useLayoutEffect(() => {
    let last: Element | null = null;
    const preloadLink = (event: Event) => {
      if (!event.isTrusted) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-preload]") : null;
      if (link === last) return;
      last = link;
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin)
        preloadPath(routes, link.pathname);
    };
    document.addEventListener("pointermove", preloadLink, { passive: true });
    document.addEventListener("focusin", preloadLink);
    return () => {
      document.removeEventListener("pointermove", preloadLink);
      document.removeEventListener("focusin", preloadLink);
    };
  }, [routes]);

  /**
   * A navigation: prepared first (the page on screen stays, with the progress bar), then the
   * address and the rendered location change together, so nothing on screen ever works from an
   * address it does not show (a list's search written onto a flyout's address that is closing).
   * Back and forward (POP) have changed the address already; they are prepared the same way.
   */
  const { navigator, pop } = useMemo(() => {
    let latest = 0;
    const go = async (action: NavigationType, to: To, entryState: unknown) => {
      const id = ++latest;
      setPreparing(true);
      const path = typeof to === "string" ? parsePath(to) : to;
      const target = { pathname: path.pathname ?? "/", search: path.search ?? "", hash: path.hash ?? "" };
      const redirect = await prepare(routes, target, shown);
      if (id !== latest) return; // a newer navigation took over
      if (redirect) {
        void go(action === NavigationType.Pop ? NavigationType.Replace : action, redirect, entryState);
        return;
      }
      if (action === NavigationType.Push) history.push(to, entryState);
      else if (action === NavigationType.Replace) history.replace(to, entryState);
      shown = new Set(matchedRoutes(routes, history.location));
      // Every chunk is here (prepare): this render does not suspend.
      flushSync(() => {
        setState({ action, location: history.location });
        setPreparing(false);
      });
    };
    const navigator: Navigator = {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, entryState) => void go(NavigationType.Push, to, entryState),
      replace: (to, entryState) => void go(NavigationType.Replace, to, entryState),
    };
    const pop = (location: Location) => void go(NavigationType.Pop, location, location.state);
    return { navigator, pop };
  }, [routes]);

  // The history tells of back and forward only (its push and replace are this router's own).
  useLayoutEffect(() => history.listen(({ location }) => pop(location)), [pop]);

  return (
    <Pending.Provider value={preparing}>
      <Router location={state.location} navigationType={state.action} navigator={navigator}>
        <Suspense fallback={fallback}>
          <Routes routes={routes} />
        </Suspense>
      </Router>
    </Pending.Provider>
  );
}

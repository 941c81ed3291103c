import { createContext, type ReactNode, Suspense, useContext, useLayoutEffect, useState, useTransition } from "react";
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
  type RouteObject,
  Router,
  useRoutes,
} from "react-router";
import { matchedRoutes, preloadPath, prepare } from "./prepare";

const history = createBrowserHistory({ v5Compat: true });
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
 * The browser's history as the console's router. A navigation is prepared (`prepare`), then shown
 * in a transition: the page on screen stays, with the progress bar, until everything the new one
 * needs has loaded; `fallback` shows only while the very first page loads.
 */
export function AppRouter({ routes, fallback }: { routes: RouteObject[]; fallback: ReactNode }) {
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  const [preparing, setPreparing] = useState(false);
  const [transitioning, startTransition] = useTransition();

  // A navigation link (`data-preload`: the main navigation, the sections' tabs) loads its page's
  // code when the pointer or the focus reaches it, so the click seldom waits for it.
  useLayoutEffect(() => {
    const preloadLink = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest("a[data-preload]") : null;
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin)
        preloadPath(routes, link.pathname);
    };
    document.addEventListener("pointerover", preloadLink, { passive: true });
    document.addEventListener("focusin", preloadLink);
    return () => {
      document.removeEventListener("pointerover", preloadLink);
      document.removeEventListener("focusin", preloadLink);
    };
  }, [routes]);

  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      const id = ++latest;
      setPreparing(true);
      void prepare(routes, location, shown).then((target) => {
        if (id !== latest) return; // a newer navigation took over
        if (target) {
          history.replace(target, location.state);
          return;
        }
        shown = new Set(matchedRoutes(routes, location));
        startTransition(() => {
          setState({ action, location });
          setPreparing(false);
        });
      });
    });
  }, [routes]);

  return (
    <Pending.Provider value={preparing || transitioning}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        <Suspense fallback={fallback}>
          <Routes routes={routes} />
        </Suspense>
      </Router>
    </Pending.Provider>
  );
}

import { type ComponentType, use } from "react";

/** A route's component that lives in a chunk: loaded ahead of rendering (`preload`), rendered by `Component`. */
export type LazyRoute<P extends object = object> = {
  /**
   * Starts loading the chunk (again, if the last attempt failed); the same promise while one is
   * under way or done. `asked`: a navigation needs it now (else it is a load ahead, say for a link
   * under the pointer).
   */
  preload: (asked?: boolean) => Promise<ComponentType<P>>;
  /** Renders the chunk's component: at once when it is loaded, else it suspends; a failed load throws to the route's error boundary. */
  Component: ComponentType<P>;
};

/**
 * A route's component from a chunk. The router calls `preload` for every route a location matches
 * before that location renders, so a page and its flyout load side by side, not one after the
 * other; a chunk that failed loads again on the next visit (the error screen's reload does the rest).
 *
 * A navigation that comes while a load ahead (a link under the pointer) is still under way joins
 * it: the browser fetches a module once at a time. If that load fails, its failure may be stale
 * (the network is back by the click), so the navigation tries once more before it reports it.
 */
export function lazyRoute<M, P extends object = object>(
  chunk: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyRoute<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  let failed = false;
  /** The load under way was started ahead, not for a navigation. */
  let ahead = false;
  const track = (attempt: Promise<ComponentType<P>>) => {
    // Rendering reports a failure (use() throws it to the error boundary); loading ahead alone must not log it.
    attempt.catch(() => {});
    loading = attempt;
    return attempt;
  };
  const start = () => {
    failed = false;
    const attempt: Promise<ComponentType<P>> = chunk().then(
      (module) => {
        loaded = pick(module);
        return loaded;
      },
      (error: unknown) => {
        if (loading === attempt) failed = true;
        throw error;
      },
    );
    return track(attempt);
  };
  const preload = (asked = false) => {
    if (loading && !failed) {
      if (!asked || !ahead) return loading;
      ahead = false;
      return track(loading.catch(() => start()));
    }
    ahead = !asked;
    return start();
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route when the module loads (as React.lazy makes its component), never during a render.
  function Component(props: P) {
    const Loaded = loaded ?? use(failed && loading ? loading : preload(true));
    return <Loaded {...props} />;
  }
  return { preload, Component };
}

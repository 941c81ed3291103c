/**
 * Runs `run` when the browser is idle, at the latest after `timeoutMs` (a browser without
 * requestIdleCallback: after a short pause). Returns the cancel, for an effect's cleanup.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, Math.min(timeoutMs, 200));
  return () => clearTimeout(id);
}

/** Asks for code chunks when the browser is idle; a failure shows where the code is used. Returns the cancel. */
export function preloadWhenIdle(loads: readonly (() => Promise<unknown>)[], timeoutMs: number): () => void {
  return whenIdle(() => {
    for (const load of loads) load().catch(() => {});
  }, timeoutMs);
}

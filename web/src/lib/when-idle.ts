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

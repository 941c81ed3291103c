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

/*
 * What a page preloads (menus, popovers, tooltips, the palette, the device flyout's tabs) waits
 * for the first sign of someone at the screen: a pointer move or press, a key, a touch, a wheel
 * turn (a page that is only watched, a wall screen or a list left open, downloads its
 * first load and nothing more). Programmatic focus is not a sign; Tab is (a key).
 */
const INPUT_EVENTS = ["pointermove", "pointerdown", "keydown", "touchstart", "wheel"] as const;
let used = false;
const waitingForInput = new Set<() => void>();

function onFirstInput(event: Event) {
  // The console's own replays (a tooltip's pointer move) are no sign of anyone.
  if (!event.isTrusted) return;
  used = true;
  for (const name of INPUT_EVENTS) window.removeEventListener(name, onFirstInput, { capture: true });
  const runs = [...waitingForInput];
  waitingForInput.clear();
  for (const run of runs) run();
}

if (typeof window !== "undefined") {
  for (const name of INPUT_EVENTS) window.addEventListener(name, onFirstInput, { capture: true, passive: true });
}

/** Runs `run` at the page's first input (at once if there was one). Returns the cancel. */
export function afterFirstInput(run: () => void): () => void {
  if (used) {
    run();
    return () => {};
  }
  const once = () => run();
  waitingForInput.add(once);
  return () => waitingForInput.delete(once);
}

/** Runs `run` when the browser is idle after the page's first input. Returns the cancel. */
export function whenUsedAndIdle(run: () => void, timeoutMs: number): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelInput = afterFirstInput(() => {
    cancelIdle = whenIdle(run, timeoutMs);
  });
  return () => {
    cancelInput();
    cancelIdle?.();
  };
}

/**
 * Asks for code chunks when the browser is idle after the page's first input; a failure shows
 * where the code is used. Returns the cancel.
 */
export function preloadWhenIdle(loads: readonly (() => Promise<unknown>)[], timeoutMs: number): () => void {
  return whenUsedAndIdle(() => {
    for (const load of loads) load().catch(() => {});
  }, timeoutMs);
}

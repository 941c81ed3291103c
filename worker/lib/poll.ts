/**
 * Waiting for plain data another request (or another room) fills in, on this request's own
 * timers. workerd ties a promise's continuations to the request or Durable Object that awaits it,
 * and one resumed from another's I/O fails ("Cannot perform I/O on behalf of a different …"), so
 * whatever is shared between requests is shared as data, and each waiter looks at it itself.
 */

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `done()` holds or `deadline` (ms, by `now`) passes: 1 ms, then doubling up to
 * `maxStepMs`, never past the deadline. `tick` runs after each wait while not done. Returns
 * whether `done()` holds at the end.
 */
export async function pollUntil(
  done: () => boolean,
  {
    deadline,
    maxStepMs,
    now = Date.now,
    tick,
  }: { deadline: number; maxStepMs: number; now?: () => number; tick?: () => void },
): Promise<boolean> {
  let step = 1;
  while (!done() && now() < deadline) {
    await pause(Math.max(1, Math.min(step, deadline - now())));
    step = Math.min(step * 2, maxStepMs);
    if (!done()) tick?.();
  }
  return done();
}

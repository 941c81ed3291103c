/**
 * Shares a read that is under way between the requests of an isolate that need the same thing at
 * once (1 000 dashboard sockets of one operator opening together would otherwise each read D1).
 *
 * A request joins a read of the same key only if it started at the current generation (nothing
 * was forgotten since: the caller of `run` bumps the generation on every write that changes what
 * is read) and less than `waitMs` ago; it waits at most until then. The wait is bounded because
 * the request that started the read can be cancelled (its client went away) and leave the read
 * unsettled. A read that fails, or is not back in time, is dropped, and the joiner reads itself;
 * only the request that started a read sees its error.
 *
 * A joiner never awaits the other request's promise: workerd ties a promise's continuations to
 * the request that awaits it, and a request whose handler is resumed from another request's I/O
 * fails ("Cannot perform I/O on behalf of a different request", seen in the tests). The reading
 * request writes the outcome into plain data, and joiners look at it on their own timers (1 ms,
 * then doubling up to POLL_MAX_MS), so a joiner hears of it at most POLL_MAX_MS late.
 */
import { pollUntil } from "./poll.ts";

const POLL_MAX_MS = 8;

type Flight<T> = { generation: number; started: number; outcome?: { value: T } | "failed" };

export function singleFlight<T>({ waitMs, generation }: { waitMs: number; generation: () => number }) {
  const inFlight = new Map<string, Flight<T>>();

  return {
    /**
     * The value under `key`: a read of it under way (`shared`: true), or `read`'s own. `started`
     * is the generation the value was read at (a cache keeps it only if it is still current).
     * `wait` overrides the bound for this call (tests).
     */
    async run(
      key: string,
      read: () => PromiseLike<T>,
      { now = Date.now, wait = waitMs }: { now?: () => number; wait?: number } = {},
    ): Promise<{ value: T; started: number; shared: boolean }> {
      const pending = inFlight.get(key);
      if (pending && pending.generation === generation()) {
        await pollUntil(() => pending.outcome !== undefined, {
          deadline: pending.started + wait,
          maxStepMs: POLL_MAX_MS,
          now,
        });
        const { outcome } = pending;
        if (outcome !== undefined && outcome !== "failed") {
          return { value: outcome.value, started: pending.generation, shared: true };
        }
        // Failed, or not back in time: nobody joins it any more.
        if (inFlight.get(key) === pending) inFlight.delete(key);
      }
      const flight: Flight<T> = { generation: generation(), started: now() };
      inFlight.set(key, flight);
      try {
        const value = await read();
        flight.outcome = { value };
        return { value, started: flight.generation, shared: false };
      } catch (error) {
        flight.outcome = "failed";
        throw error;
      } finally {
        if (inFlight.get(key) === flight) inFlight.delete(key);
      }
    },
    /** Forgets every read under way (a test hook's reset). */
    clear: () => inFlight.clear(),
  };
}

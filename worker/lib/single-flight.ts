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
 */
export function singleFlight<T>({ waitMs, generation }: { waitMs: number; generation: () => number }) {
  const inFlight = new Map<string, { generation: number; started: number; read: Promise<T> }>();

  /** `read`'s promise, or undefined when it failed or was not back within `ms`. */
  const joined = (read: Promise<T>, ms: number): Promise<{ value: T } | undefined> => {
    let stop = () => {};
    const timeout = new Promise<undefined>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop = () => clearTimeout(timer);
    });
    return Promise.race([
      read.then(
        (value) => ({ value }),
        () => undefined,
      ),
      timeout,
    ]).finally(() => stop());
  };

  return {
    /**
     * The value under `key`: a read of it under way (`shared`: true), or `read`'s own. `started`
     * is the generation the value was read at (a cache keeps it only if it is still current).
     * `wait` overrides the bound for this call (tests).
     */
    async run(
      key: string,
      read: () => Promise<T>,
      { now = Date.now, wait = waitMs }: { now?: () => number; wait?: number } = {},
    ): Promise<{ value: T; started: number; shared: boolean }> {
      const pending = inFlight.get(key);
      if (pending && pending.generation === generation()) {
        const left = pending.started + wait - now();
        if (left > 0) {
          const result = await joined(pending.read, left);
          if (result) return { value: result.value, started: pending.generation, shared: true };
        }
        // Not back in time (or failed): nobody joins it any more.
        if (inFlight.get(key) === pending) inFlight.delete(key);
      }
      const entry = { generation: generation(), started: now(), read: read() };
      inFlight.set(key, entry);
      try {
        return { value: await entry.read, started: entry.generation, shared: false };
      } finally {
        if (inFlight.get(key) === entry) inFlight.delete(key);
      }
    },
    /** Forgets every read under way (a test hook's reset). */
    clear: () => inFlight.clear(),
  };
}

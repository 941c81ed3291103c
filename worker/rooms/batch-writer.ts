/**
 * Writes items in batches with one write in flight at a time: an item pushed while a write runs
 * joins the next one, so a DeviceRoom draining its queue sends D1 a few batches, not a request
 * per command, and its writes land in the order they were pushed. `push` resolves once the
 * batch holding the item is written (or failed: logged, never thrown at the pusher).
 */
export function batchWriter<T>(write: (items: T[]) => Promise<void>, opts: { max?: number } = {}) {
  const max = opts.max ?? 50;
  let pending: { item: T; done: () => void }[] = [];
  let running: Promise<void> | null = null;

  const drain = async () => {
    while (pending.length > 0) {
      const batch = pending.slice(0, max);
      pending = pending.slice(batch.length);
      try {
        await write(batch.map((p) => p.item));
      } catch (error) {
        console.error("batch write failed", error);
      } finally {
        for (const p of batch) p.done();
      }
    }
    running = null;
  };

  return {
    push(item: T): Promise<void> {
      const written = new Promise<void>((done) => pending.push({ item, done }));
      running ??= drain();
      return written;
    },
    /** Resolves when everything pushed so far is written. */
    idle(): Promise<void> {
      return running ?? Promise.resolve();
    },
  };
}

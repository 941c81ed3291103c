/*
 * The connect writes of a whole reconnect wave, gathered across rooms (docs/scale.md, "Reconnect
 * storms"): every DeviceRoom of this isolate that goes online, or stores a changed hello, in the
 * time one such write is in flight (and, in a wave, WAVE_WINDOW_MS before it) joins the next one, and that one is a fixed handful of
 * statements whatever the number of devices in it (each statement reads its rows from one JSON
 * parameter with json_each, so D1's bound-parameter limit does not bound the batch). When idle a
 * write goes out at once, alone; in a wave the batches grow with the database's own latency.
 *
 * The write runs in the context of the room whose push started it, and puts each item's outcome
 * in plain data; every other room looks at its own on its own timers (lib/poll.ts). A drain that
 * stopped between batches (its room went away) is taken over after TAKEOVER_MS by a waiting room;
 * one whose write has not settled after STALL_MS no longer holds the others up, and its waiters
 * give up with an error.
 */
import { pause, pollUntil } from "../../lib/poll.ts";

/** The most devices in one batch (one JSON parameter of ≈ 100 bytes each; D1 takes 100 KB statements). */
export const GATHER_MAX = 250;
/** A batch that has not settled by then is given up (ms). */
export const STALL_MS = 30_000;
/**
 * In a wave (a batch was written less than a second ago), a batch waits this long for more before
 * it goes (ms): locally D1 answers in milliseconds, so "while one is in flight" alone gathered 1.6
 * devices per batch in a measured 3,000-agent wave. Idle, a write still goes out at once.
 */
export const WAVE_WINDOW_MS = 200;
/**
 * A drain that has not moved for this long while it was not writing (between batches, in its
 * window) is taken over by a waiting push (ms): the room that started it may be gone (reset,
 * evicted) while its isolate, and this state, live on; its timers then never fire.
 */
export const TAKEOVER_MS = 2_000;

/** How often a waiting push looks at its outcome, at most (ms; it starts at 1 and doubles). */
const POLL_MAX_MS = 16;

/**
 * Gathers pushed items into batches, one batch in flight at a time (see above). Per isolate, so
 * the rooms of one isolate share it — and a room must never be resumed by another room's I/O:
 * workerd ties a promise's continuations to the Durable Object that awaits it ("Cannot perform
 * I/O on behalf of a different Durable Object"). So the drain, running in the room that started
 * it, writes each item's outcome into plain data, and every waiting push looks at its own on its
 * own timers (lib/poll.ts, as lib/single-flight.ts does for shared reads).
 */
export function gatherer<T, R>(flush: (items: T[], owner: T) => Promise<R[]>, max = GATHER_MAX) {
  /** `taken`: in a batch being written; `outcome`: what the write answered. */
  type Waiting = { item: T; taken?: boolean; outcome?: { value: R } | { error: unknown } };
  /** `since`: its last step (ms); `writing`: a batch is in flight. */
  type Run = { since: number; owner: T; writing: boolean };
  let pending: Waiting[] = [];
  /**
   * The drain under way: `owner` is the item whose push started it. The drain runs in that
   * room's context, so every batch it writes uses that room's env: a Durable Object may not do
   * I/O through another object's bindings, even in the same isolate.
   */
  let running: Run | null = null;
  /**
   * Since the isolate started (tests, bench logs): batches written and items in them, items
   * pushed, and items given up (stalled). Pushed but neither written nor given up: still waiting.
   */
  const stats = { batches: 0, items: 0, pushed: 0, abandoned: 0 };

  let lastBatchAt = 0;
  const drain = async (run: Run) => {
    while (pending.length > 0 && running === run) {
      if (Date.now() - lastBatchAt < 1000 && pending.length < max) await pause(WAVE_WINDOW_MS);
      lastBatchAt = Date.now();
      const batch = pending.slice(0, max);
      pending = pending.slice(batch.length);
      for (const w of batch) w.taken = true;
      run.since = Date.now();
      run.writing = true;
      stats.batches++;
      stats.items += batch.length;
      try {
        const out = await flush(
          batch.map((w) => w.item),
          run.owner,
        );
        for (const [i, w] of batch.entries()) w.outcome = { value: out[i] };
      } catch (error) {
        for (const w of batch) w.outcome = { error };
      }
      run.writing = false;
      run.since = Date.now();
    }
    if (running === run) running = null;
  };

  const stuck = (run: Run, now: number) => now - run.since > (run.writing ? STALL_MS : TAKEOVER_MS);

  return {
    stats,
    async push(item: T): Promise<R> {
      const waiting: Waiting = { item };
      pending.push(waiting);
      stats.pushed++;
      const start = () => {
        const run: Run = { since: Date.now(), owner: item, writing: false };
        running = run;
        void drain(run);
      };
      if (!running || stuck(running, Date.now())) start();
      await pollUntil(() => waiting.outcome !== undefined, {
        deadline: Date.now() + STALL_MS + 5_000,
        maxStepMs: POLL_MAX_MS,
        // While this item waits unwritten, its room (alive: it awaits the write) takes over a
        // drain that stopped moving: the room that started it may be gone.
        tick: () => {
          if (!waiting.taken && (!running || stuck(running, Date.now()))) start();
        },
      });
      const { outcome } = waiting;
      if (outcome === undefined) {
        pending = pending.filter((w) => w !== waiting);
        stats.abandoned++;
        throw new Error("connect write stalled");
      }
      if ("error" in outcome) throw outcome.error;
      return outcome.value;
    },
  };
}

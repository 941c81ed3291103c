import { describe, expect, it } from "vitest";
import { CaptureSchedule } from "./schedule.ts";

/** Timers on a clock the test moves. */
function fakeClock() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  return {
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        seq += 1;
        pending.set(seq, { at: now + ms, fn });
        return seq;
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
      now: () => now,
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...pending.entries()].sort((a, b) => a[1].at - b[1].at)[0];
        if (!next || next[1].at > end) break;
        pending.delete(next[0]);
        now = next[1].at;
        next[1].fn();
      }
      now = end;
    },
  };
}

describe("capture schedule", () => {
  it("captures every interval, and follows the space's interval the room sends", () => {
    const clock = fakeClock();
    const runs: number[] = [];
    const schedule = new CaptureSchedule(() => runs.push(clock.timers.now()), 300, clock.timers);
    schedule.start(20_000);
    clock.advance(20_000 + 600_000);
    expect(runs).toEqual([20_000, 320_000, 620_000]);
    // The Admin sets 120 s: the next capture is 120 s after the last one, then every 120 s.
    clock.advance(60_000);
    schedule.setInterval(120);
    clock.advance(250_000);
    expect(runs.slice(3)).toEqual([740_000, 860_000]);
    // A longer interval waits the rest of it from the last capture.
    schedule.setInterval(600);
    clock.advance(1_200_000);
    expect(runs.slice(5)).toEqual([1_460_000, 2_060_000]);
  });

  it("holds the room's value to 60–3600 s and stops", () => {
    const clock = fakeClock();
    const runs: number[] = [];
    const schedule = new CaptureSchedule(() => runs.push(clock.timers.now()), 300, clock.timers);
    schedule.start(0);
    clock.advance(1);
    schedule.setInterval(5);
    expect(schedule.intervalS).toBe(60);
    schedule.setInterval(99_999);
    expect(schedule.intervalS).toBe(3600);
    schedule.stop();
    clock.advance(10_000_000);
    expect(runs).toEqual([0]);
  });
});

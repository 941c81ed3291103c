import {
  CAPTURE_INTERVAL_DEFAULT_S,
  CAPTURE_INTERVAL_MAX_S,
  CAPTURE_INTERVAL_MIN_S,
} from "../../contracts/display-health/schema.ts";

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
};
const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * When the displays are captured: every `intervalS` seconds, the space's setting as the room sends
 * it (in the hello's answer, and live when an Admin changes it). A new interval applies from the
 * last capture on: a shorter one may capture at once, a longer one waits the rest.
 */
export class CaptureSchedule {
  private handle: unknown = null;
  private lastAt: number | null = null;
  private stopped = true;
  intervalS: number;
  private readonly run: () => void;
  private readonly timers: Timers;

  constructor(run: () => void, intervalS = CAPTURE_INTERVAL_DEFAULT_S, timers: Timers = realTimers) {
    this.run = run;
    // The agent's own flag (checked by its CLI; the simulator's fast demo runs below the minimum).
    this.intervalS = intervalS;
    this.timers = timers;
  }

  /** Starts with a first capture after `firstMs`. */
  start(firstMs: number) {
    this.stopped = false;
    this.arm(firstMs);
  }

  /** The room's setting (seconds): out-of-range values are held to the contract's bounds. */
  setInterval(seconds: number) {
    const next = clampInterval(seconds);
    if (next === this.intervalS) return;
    this.intervalS = next;
    if (this.stopped || this.lastAt === null) return;
    this.arm(Math.max(0, this.lastAt + next * 1000 - this.timers.now()));
  }

  stop() {
    this.stopped = true;
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
  }

  private arm(ms: number) {
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = this.timers.setTimeout(() => {
      this.handle = null;
      if (this.stopped) return;
      this.lastAt = this.timers.now();
      this.arm(this.intervalS * 1000);
      this.run();
    }, ms);
  }
}

export const clampInterval = (seconds: number) =>
  Number.isFinite(seconds)
    ? Math.min(CAPTURE_INTERVAL_MAX_S, Math.max(CAPTURE_INTERVAL_MIN_S, Math.round(seconds)))
    : CAPTURE_INTERVAL_DEFAULT_S;

import {
  type AppliedApplication,
  type AppRunState,
  CRASH_LOOP_RESTARTS,
  CRASH_LOOP_WINDOW_MS,
} from "../../contracts/admin/applications.ts";
import { type LaunchPlan, PlanError } from "./plan.ts";

/** How a run ended: its exit code or signal, and a failure text (spawn error, stderr's last line). */
export type Exit = { code: number | null; signal: string | null; error: string | null };

/** A spawned process as the supervisor sees it. */
export type Spawned = { pid: number | null; kill: (signal: NodeJS.Signals) => void };

/**
 * Starts a plan's process. It never throws: a process that cannot start (a missing binary) ends
 * through `onExit` with its error, exactly once, like one that ran and exited.
 */
export type Spawner = (plan: LaunchPlan, onExit: (exit: Exit) => void) => Spawned;

export type Timers = {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type SupervisorOptions = {
  spawner: Spawner;
  /** "systemd": the spawner runs it in a transient systemd user scope; "child": the agent's own child. */
  supervisor: "systemd" | "child";
  now?: () => number;
  timers?: Timers;
  /** Up this long after a spawn → running (until then: starting). */
  settleMs?: number;
  /** Restart delay: baseMs doubling per crash up to maxMs; a run that lasted resetAfterMs starts over at baseMs. */
  backoff?: { baseMs: number; maxMs: number; resetAfterMs: number };
  /** Between SIGTERM and SIGKILL on stop. */
  killGraceMs?: number;
  onChange?: () => void;
  log?: (line: string) => void;
};

const HOUR = 3_600_000;
export const DEFAULT_BACKOFF = { baseMs: 1_000, maxMs: 60_000, resetAfterMs: 60_000 };

/**
 * Keeps one application of one display running: spawns its plan, calls it running once it has
 * stayed up `settleMs`, and on an exit it did not ask for reports it crashed (exit code, signal,
 * error) and restarts it with backoff. Restarts are counted per hour; five within 15 minutes is a
 * crash loop. Pure of I/O: the spawner, clock and timers are injected.
 */
export class AppSupervisor {
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly backoff: { baseMs: number; maxMs: number; resetAfterMs: number };
  private current: Spawned | null = null;
  private run = 0;
  private startedAt = 0;
  private consecutive = 0;
  private restarts: number[] = [];
  private timer: unknown = null;
  private stopping: { done: () => void } | null = null;
  private stopped = false;
  private state: Omit<AppRunState, "restarts_last_hour" | "crash_loop">;

  private readonly app: Pick<AppliedApplication, "uuid" | "name"> & { kind: "url" | "command" };
  private readonly plan: () => LaunchPlan;
  private readonly opts: SupervisorOptions;

  constructor(
    app: Pick<AppliedApplication, "uuid" | "name"> & { kind: "url" | "command" },
    plan: () => LaunchPlan,
    opts: SupervisorOptions,
  ) {
    this.app = app;
    this.plan = plan;
    this.opts = opts;
    this.now = opts.now ?? Date.now;
    this.timers = opts.timers ?? realTimers;
    this.backoff = opts.backoff ?? DEFAULT_BACKOFF;
    this.state = this.base("starting");
  }

  private base(state: AppRunState["state"]): Omit<AppRunState, "restarts_last_hour" | "crash_loop"> {
    return {
      uuid: this.app.uuid,
      name: this.app.name,
      state,
      kind: this.app.kind,
      supervisor: this.opts.supervisor,
      pid: null,
      exit_code: null,
      signal: null,
      since: this.now(),
      restart_at: null,
      error: null,
    };
  }

  /** The state now (restarts counted over the last hour as of now). */
  snapshot(): AppRunState {
    const now = this.now();
    this.restarts = this.restarts.filter((t) => now - t < HOUR);
    const recent = this.restarts.filter((t) => now - t < CRASH_LOOP_WINDOW_MS).length;
    return { ...this.state, restarts_last_hour: this.restarts.length, crash_loop: recent >= CRASH_LOOP_RESTARTS };
  }

  private set(patch: Partial<AppRunState>) {
    this.state = { ...this.state, ...patch, since: this.now() };
    this.opts.onChange?.();
  }

  start() {
    if (this.stopped || this.current) return;
    this.timer = null;
    const run = ++this.run;
    let plan: LaunchPlan;
    try {
      plan = this.plan();
    } catch (error) {
      if (!(error instanceof PlanError)) throw error;
      this.startedAt = this.now();
      this.crashed({ code: null, signal: null, error: error.message });
      return;
    }
    this.startedAt = this.now();
    const spawned = this.opts.spawner(plan, (exit) => this.exited(run, exit));
    // The spawner may already have reported a failed start (synchronously).
    if (this.run !== run) return;
    this.current = spawned;
    this.set({ state: "starting", pid: spawned.pid, restart_at: null });
    this.timer = this.timers.set(() => {
      if (this.run === run && this.current) this.set({ state: "running" });
    }, this.opts.settleMs ?? 3_000);
  }

  private exited(run: number, exit: Exit) {
    if (run !== this.run) return;
    this.run++;
    this.current = null;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (this.stopping) {
      this.stopping.done();
      return;
    }
    this.crashed(exit);
  }

  private crashed(exit: Exit) {
    const now = this.now();
    if (now - this.startedAt >= this.backoff.resetAfterMs) this.consecutive = 0;
    this.consecutive++;
    this.restarts.push(now);
    const delay = Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** (this.consecutive - 1));
    const why = exit.error ?? (exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`);
    this.opts.log?.(`application ${this.app.name} stopped (${why}); restart in ${Math.round(delay / 1000)} s`);
    this.set({
      state: "crashed",
      pid: null,
      exit_code: exit.code,
      signal: exit.signal,
      error: exit.error?.slice(0, 500) ?? null,
      restart_at: now + delay,
    });
    this.timer = this.timers.set(() => this.start(), delay);
  }

  /** Stops it for good: SIGTERM, SIGKILL after the grace; resolves once it has exited. */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    const running = this.current;
    if (!running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const grace = this.opts.killGraceMs ?? 3_000;
      const hard = setTimeout(() => running.kill("SIGKILL"), grace);
      const give = setTimeout(() => this.stopping?.done(), grace * 2);
      this.stopping = {
        done: () => {
          clearTimeout(hard);
          clearTimeout(give);
          this.stopping = null;
          this.current = null;
          resolve();
        },
      };
      running.kill("SIGTERM");
    });
  }
}

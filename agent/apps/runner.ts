import { execFile } from "node:child_process";
import {
  type ApplicationsReport,
  type AppliedApplication,
  type AppRunState,
  displayState,
} from "../../contracts/admin/applications.ts";
import type { AppliedDisplay } from "../../contracts/commands/schema.ts";
import { type Geometry, geometryOf, xrandrGeometries } from "./geometry.ts";
import { BROWSERS, commandLine, type LaunchPlan, PlanError, planLaunch, profileDirOf, profileName } from "./plan.ts";
import { AppSupervisor, type Spawner, type SupervisorOptions } from "./supervisor.ts";

export type RunnerOptions = {
  /** Launch applications (--allow-apps); otherwise a dry run that reports what would run. */
  allow: boolean;
  spawner: Spawner;
  supervisor: "systemd" | "child";
  /** Where the browser profiles live (one per display and application). */
  profilesDir: string;
  env?: NodeJS.ProcessEnv;
  /** The displays' geometry (xrandr --query); default: asks xrandr on env.DISPLAY. */
  geometries?: (env: NodeJS.ProcessEnv) => Promise<Map<string, Geometry>>;
  /** Finds a program on PATH (browser, cage). */
  which: (program: string, env: NodeJS.ProcessEnv) => string | null;
  log?: (line: string) => void;
} & Pick<SupervisorOptions, "now" | "timers" | "settleMs" | "backoff" | "killGraceMs">;

type Entry = {
  display: AppliedDisplay;
  app: AppliedApplication;
  /** The plan as JSON: a changed definition or option restarts the application. */
  key: string;
  supervisor: AppSupervisor | null;
  /** What it is when it is not supervised (dry run, nothing to launch). */
  fixed: AppRunState | null;
};

const xrandr = (env: NodeJS.ProcessEnv) =>
  new Promise<Map<string, Geometry>>((resolve) => {
    if (!env.DISPLAY) return resolve(new Map());
    const child = execFile("xrandr", ["--query"], { env, timeout: 10_000 }, (error, stdout) =>
      resolve(error ? new Map() : xrandrGeometries(stdout)),
    );
    child.on("error", () => resolve(new Map()));
  });

/**
 * The applications of the device's displays: apply() takes the display configuration
 * (apply-display-config, or the kept displays.json at start), starts what is new, restarts what
 * changed and stops what is gone; report() says per display what runs. Disabled displays run
 * nothing. Without `allow` nothing is spawned and every application says dry_run with its command.
 */
export class AppRunner {
  private entries = new Map<string, Entry>();
  private listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();

  private readonly opts: RunnerOptions;

  constructor(opts: RunnerOptions) {
    this.opts = opts;
  }

  get allowed() {
    return this.opts.allow;
  }

  /** Called on every state change of any application (the agent then reports at once). */
  onChange(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed = () => {
    for (const listener of this.listeners) listener();
  };

  /** Applies a display configuration; calls are serialised (a second waits for the first). */
  apply(displays: readonly AppliedDisplay[]): Promise<{ allowed: boolean; configured: number }> {
    const next = this.queue.then(() => this.reconcile(displays));
    this.queue = next.catch(() => {});
    return next;
  }

  private async reconcile(displays: readonly AppliedDisplay[]) {
    const env = this.opts.env ?? process.env;
    const geometries = await (this.opts.geometries ?? xrandr)(env);
    const browser = BROWSERS.find((b) => this.opts.which(b, env)) ?? BROWSERS[0];
    const cage = Boolean(this.opts.which("cage", env));
    const root = process.getuid?.() === 0;
    const wanted = new Map<string, { display: AppliedDisplay; app: AppliedApplication; plan: () => LaunchPlan }>();
    for (const display of displays) {
      if (display.disabled) continue;
      for (const app of display.applications) {
        const id = `${display.uuid ?? display.name}/${app.uuid}`;
        const plan = () =>
          planLaunch(app, {
            display,
            geometry: geometryOf(display, geometries),
            env,
            browser,
            cage,
            root,
            profileDir: profileDirOf(this.opts.profilesDir, display.name, app.uuid),
          });
        wanted.set(id, { display, app, plan });
      }
    }
    const stopping: Promise<void>[] = [];
    for (const [id, entry] of this.entries) {
      const next = wanted.get(id);
      if (next && keyOf(next.plan) === entry.key) {
        entry.display = next.display;
        wanted.delete(id);
        continue;
      }
      this.entries.delete(id);
      if (entry.supervisor) stopping.push(entry.supervisor.stop());
    }
    await Promise.all(stopping);
    for (const [id, { display, app, plan }] of wanted) this.entries.set(id, this.entry(display, app, plan));
    for (const entry of this.entries.values()) entry.supervisor?.start();
    this.displays = displays.filter((d) => !d.disabled);
    this.changed();
    return { allowed: this.opts.allow, configured: this.entries.size };
  }

  /** The enabled displays of the last configuration (what report() describes). */
  private displays: AppliedDisplay[] = [];

  /** The enabled displays of the last configuration, with their applications' launch definitions. */
  configured(): readonly AppliedDisplay[] {
    return this.displays;
  }

  private entry(display: AppliedDisplay, app: AppliedApplication, plan: () => LaunchPlan): Entry {
    const key = keyOf(plan);
    const kind = app.launch?.kind ?? null;
    const fixed = (state: "dry_run" | "no_launch", extra: Partial<AppRunState>): AppRunState => ({
      uuid: app.uuid,
      name: app.name,
      state,
      kind,
      supervisor: "none",
      pid: null,
      exit_code: null,
      signal: null,
      restarts_last_hour: 0,
      crash_loop: false,
      since: (this.opts.now ?? Date.now)(),
      restart_at: null,
      error: null,
      ...extra,
    });
    if (!app.launch || kind === null) {
      return { display, app, key, supervisor: null, fixed: fixed("no_launch", { error: "No launch definition." }) };
    }
    if (!this.opts.allow) {
      let would: Partial<AppRunState>;
      try {
        would = { would_run: commandLine(plan().argv).slice(0, 2000) };
      } catch (error) {
        would = { error: error instanceof Error ? error.message : String(error) };
      }
      return { display, app, key, supervisor: null, fixed: fixed("dry_run", would) };
    }
    let runs = 0;
    const unit = `outpost-app-${profileName(display.name, app.uuid)}`;
    // Each run its own scope name: the last one may still be collected when the next starts.
    const named = () => ({ ...plan(), unit: `${unit}-${++runs}` });
    const supervisor = new AppSupervisor({ uuid: app.uuid, name: app.name, kind }, named, {
      ...this.opts,
      onChange: this.changed,
    });
    return { display, app, key, supervisor, fixed: null };
  }

  /** Per enabled display of the last configuration, in its order, what its applications are doing now. */
  report(): ApplicationsReport {
    return {
      allowed: this.opts.allow,
      displays: this.displays.map((display) => {
        const apps = display.applications
          .map((a) => this.entries.get(`${display.uuid ?? display.name}/${a.uuid}`))
          .filter((e) => e !== undefined)
          .map((e) => e.supervisor?.snapshot() ?? (e.fixed as AppRunState));
        return {
          display: display.name,
          ...(display.uuid ? { display_uuid: display.uuid } : {}),
          ...displayState(apps),
          applications: apps,
        };
      }),
    };
  }

  /** Stops every application (the agent is stopping). */
  async stopAll() {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((e) => e.supervisor?.stop()));
  }
}

/** A plan's identity (its JSON), or the planning error's text when it cannot be planned. */
function keyOf(plan: () => LaunchPlan) {
  try {
    return JSON.stringify(plan());
  } catch (error) {
    if (error instanceof PlanError) return `error:${error.message}`;
    throw error;
  }
}

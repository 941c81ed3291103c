import {
  type ApplicationsReport,
  type AppRunState,
  CRASH_LOOP_RESTARTS,
  CRASH_LOOP_WINDOW_MS,
  displayState,
} from "../../contracts/admin/applications.ts";
import type { AppliedDisplay } from "../../contracts/commands/schema.ts";
import { type Episode, episodeAt } from "./episodes.ts";

/*
 * The simulator's applications: the same contract as the real agent's runner (agent/apps/),
 * computed from the configuration it was given and the time, so a restarted simulator tells the
 * same story. After a configuration every application starts (STARTING_MS) and runs. In an
 * app_crash_loop episode (agent/sim/episodes.ts) the first application of the first display
 * crashes every CRASH_EVERY_MS, is down DOWN_MS (its restart backoff), starts again, and after
 * five crashes within 15 minutes is a crash loop.
 */

export const STARTING_MS = 4_000;
export const CRASH_EVERY_MS = 60_000;
export const DOWN_MS = 10_000;
const HOUR = 3_600_000;

/** Demo devices whose application is always crash-looping, so the demo shows one at any moment. */
export const ALWAYS_CRASH_LOOPING = new Set(["ZD Food Court Menu 2"]);

/** The configuration a simulated agent runs, and when it was applied. */
export type SimAppsConfig = { displays: readonly AppliedDisplay[]; appliedAt: number };

/** The crash loop this device is in at `now`: a seeded episode, or a perpetual one for ALWAYS_CRASH_LOOPING. */
function loopAt(seed: string, always: boolean, now: number): Pick<Episode, "start"> | null {
  if (always) return { start: Math.floor(now / HOUR) * HOUR - HOUR };
  return episodeAt(seed, "app_crash_loop", now);
}

function base(uuid: string, name: string, kind: AppRunState["kind"]): AppRunState {
  return {
    uuid,
    name,
    state: "running",
    kind,
    supervisor: "simulated",
    pid: null,
    exit_code: null,
    signal: null,
    restarts_last_hour: 0,
    crash_loop: false,
    since: 0,
    restart_at: null,
    error: null,
  };
}

/** A started application: starting for STARTING_MS after `from`, then running. */
function started(app: AppRunState, from: number, now: number, pid: number): AppRunState {
  return now - from < STARTING_MS
    ? { ...app, state: "starting", since: from, pid }
    : { ...app, state: "running", since: from + STARTING_MS, pid };
}

/** The looping application at `now`: its last crash, what it is doing since, and its counts. */
function looping(app: AppRunState, start: number, appliedAt: number, now: number): AppRunState {
  const first = Math.max(start, appliedAt);
  const crashes: number[] = [];
  for (let t = first + CRASH_EVERY_MS / 2; t <= now; t += CRASH_EVERY_MS) crashes.push(t);
  const last = crashes.at(-1);
  if (last === undefined) return started(app, appliedAt, now, 4000);
  const counted = {
    restarts_last_hour: crashes.filter((t) => now - t < HOUR).length,
    crash_loop: crashes.filter((t) => now - t < CRASH_LOOP_WINDOW_MS).length >= CRASH_LOOP_RESTARTS,
    exit_code: 139,
    error: "Segmentation fault (core dumped)",
  };
  if (now - last < DOWN_MS) {
    return { ...app, ...counted, state: "crashed", since: last, pid: null, restart_at: last + DOWN_MS };
  }
  return { ...started(app, last + DOWN_MS, now, 4000 + crashes.length), ...counted };
}

/**
 * What a simulated agent reports of its applications at `now` (the real runner's report shape):
 * every enabled display of the configuration, its applications running (or starting, or
 * crash-looping in an episode). A definition without a launch has nothing to launch.
 */
export function simApplications(
  seed: string,
  config: SimAppsConfig,
  now: number,
  opts: { alwaysLooping?: boolean } = {},
): ApplicationsReport {
  const enabled = config.displays.filter((d) => !d.disabled);
  const loop = loopAt(seed, opts.alwaysLooping ?? false, now);
  const target = enabled.find((d) => d.applications.some((a) => a.launch))?.applications.find((a) => a.launch);
  return {
    allowed: true,
    displays: enabled.map((display) => {
      const apps = display.applications.map((a, i) => {
        const app = base(a.uuid, a.name, a.launch?.kind ?? null);
        if (!a.launch)
          return { ...app, state: "no_launch" as const, supervisor: "none" as const, since: config.appliedAt };
        if (loop && a === target) return looping(app, loop.start, config.appliedAt, now);
        return started(app, config.appliedAt, now, 3000 + i);
      });
      return {
        display: display.name,
        ...(display.uuid ? { display_uuid: display.uuid } : {}),
        ...displayState(apps),
        applications: apps,
      };
    }),
  };
}

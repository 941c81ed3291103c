import { z } from "zod";
import { MAX_APPS_PER_DISPLAY } from "../peripherals/values.ts";

/**
 * Applications on displays, from the Admin Panel's definition to what the agent reports.
 *
 * - `ApplicationLaunch`: how an application is launched, the `launch` field of its Admin Panel
 *   JSON (docs/applications.md). A URL application opens in a kiosk browser window on its
 *   display; a command application runs as a supervised process. `{{option}}` placeholders name
 *   a template option's deterministic_id and take the value chosen for the display.
 * - `AppliedApplication`: what apply-display-config carries per display (contracts/commands/schema.ts).
 * - `ApplicationsReport`: the agent's supervision state, per display and per application, sent in
 *   telemetry (`applications`) at once on every change. The console's display rows, the Services
 *   list and the device's health ("Displays") read it.
 */

/** An environment variable's name. */
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "Not a valid environment variable name.");

/** Open `url` in a kiosk browser window placed on the display (Chromium --kiosk --app, own profile). */
export const UrlLaunch = z.strictObject({
  kind: z.literal("url"),
  /** http(s) or file URL; `{{option}}` takes the option's value, URL-encoded (as is when it starts the URL). */
  url: z.string().trim().min(1, "Required").max(2048),
  /** The browser executable (name on PATH or absolute path); default: the first of chromium, chromium-browser, google-chrome. */
  browser: z.string().trim().min(1).max(256).optional(),
  /** Extra browser flags (after the agent's own); `{{option}}` taken as is. */
  args: z.array(z.string().max(512)).max(32).optional(),
  /** The content does not change by itself (a still menu board): display health never calls it frozen. */
  static: z.boolean().optional(),
});
export type UrlLaunch = z.infer<typeof UrlLaunch>;

/** Run `command` (argv, no shell) as a supervised process with DISPLAY set to the display. */
export const CommandLaunch = z.strictObject({
  kind: z.literal("command"),
  command: z.array(z.string().max(1024)).min(1).max(64),
  env: z.record(envName, z.string().max(4096)).optional(),
  /** Working directory (default: the agent's). */
  cwd: z.string().max(1024).optional(),
  /** The content does not change by itself: display health never calls it frozen. */
  static: z.boolean().optional(),
});
export type CommandLaunch = z.infer<typeof CommandLaunch>;

export const ApplicationLaunch = z.discriminatedUnion("kind", [UrlLaunch, CommandLaunch]);
export type ApplicationLaunch = z.infer<typeof ApplicationLaunch>;

/** `{{ option_id }}` in a launch definition. */
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** The option ids a launch definition's placeholders name (for the Admin Panel's check). */
export function launchPlaceholders(launch: ApplicationLaunch): string[] {
  const texts =
    launch.kind === "url"
      ? [launch.url, ...(launch.args ?? [])]
      : [...launch.command, ...Object.values(launch.env ?? {}), launch.cwd ?? ""];
  return [...new Set(texts.flatMap((t) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1])))];
}

const asText = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);

const fill = (text: string, options: Record<string, unknown>, encode: (s: string) => string) =>
  text.replace(PLACEHOLDER, (_, id: string, at: number) => {
    const value = asText(options[id]);
    // A placeholder that starts the text is the address itself ("{{url}}"): taken as is.
    return at === 0 ? value : encode(value);
  });

/**
 * A launch definition with the display's option values in its placeholders: in a URL they are
 * URL-encoded, except one that starts the URL (the option holds the address itself).
 */
export function resolveLaunch(launch: ApplicationLaunch, options: Record<string, unknown>): ApplicationLaunch {
  const raw = (s: string) => s;
  if (launch.kind === "url") {
    return {
      ...launch,
      url: fill(launch.url, options, encodeURIComponent),
      ...(launch.args ? { args: launch.args.map((a) => fill(a, options, raw)) } : {}),
    };
  }
  return {
    ...launch,
    command: launch.command.map((a) => fill(a, options, raw)),
    ...(launch.env
      ? { env: Object.fromEntries(Object.entries(launch.env).map(([k, v]) => [k, fill(v, options, raw)])) }
      : {}),
    ...(launch.cwd ? { cwd: fill(launch.cwd, options, raw) } : {}),
  };
}

/**
 * An application as apply-display-config sends it: the definition's launch (null when the
 * definition has none, or one that no longer validates) and the option values for this display
 * (the chosen ones over the template's defaults).
 */
export const AppliedApplication = z.object({
  uuid: z.string().min(1).max(64),
  name: z.string().max(256),
  launch: ApplicationLaunch.nullable().default(null),
  options: z.record(z.string().max(128), z.unknown()).default({}),
});
export type AppliedApplication = z.infer<typeof AppliedApplication>;

/**
 * An application's supervision state:
 * - `starting`: spawned, not yet up for the settle time; `running`: up;
 * - `crashed`: exited (or could not be spawned: `error`), waiting for its restart with backoff;
 * - `dry_run`: the agent does not run applications (no --allow-apps): `would_run` says what it would;
 * - `no_launch`: the Admin Panel definition has no launch, nothing to run.
 */
export const APP_RUN_STATES = ["starting", "running", "crashed", "dry_run", "no_launch"] as const;
export type AppRunStateName = (typeof APP_RUN_STATES)[number];

/** An application restarted this many times within CRASH_LOOP_WINDOW_MS is crash-looping (critical). */
export const CRASH_LOOP_RESTARTS = 5;
export const CRASH_LOOP_WINDOW_MS = 15 * 60_000;

export const AppRunState = z.object({
  uuid: z.string().max(64),
  name: z.string().max(256),
  state: z.enum(APP_RUN_STATES),
  kind: z.enum(["url", "command"]).nullable(),
  /** Who keeps it alive: a systemd user scope (systemd-run), the agent's own child, the simulator. */
  supervisor: z.enum(["systemd", "child", "simulated", "none"]),
  pid: z.number().int().nullable().default(null),
  /** Of the last exit (null: none yet, or killed by a signal). */
  exit_code: z.number().int().nullable().default(null),
  signal: z.string().max(32).nullable().default(null),
  restarts_last_hour: z.number().int().min(0).default(0),
  crash_loop: z.boolean().default(false),
  /** Epoch ms of the last state change (uptime of a running application). */
  since: z.number().int(),
  /** Epoch ms of the next restart while crashed. */
  restart_at: z.number().int().nullable().default(null),
  /** The last failure's text (spawn error, missing binary, stderr's last line). */
  error: z.string().max(500).nullable().default(null),
  would_run: z.string().max(2000).optional(),
});
export type AppRunState = z.infer<typeof AppRunState>;

/** A display's applications in one word (the Peripherals row): the worst of them, not_configured without any. */
export const DISPLAY_APP_STATES = ["running", "starting", "crashed", "not_configured", "dry_run", "no_launch"] as const;
export type DisplayAppState = (typeof DISPLAY_APP_STATES)[number];

export const DisplayApplications = z.object({
  /** The display's name as the console knows it ("<output>@<model>"), and its uuid when the console sent one. */
  display: z.string().max(128),
  display_uuid: z.string().max(64).optional(),
  state: z.enum(DISPLAY_APP_STATES),
  /** Health code (contracts/devices/health.ts): 0 fine, 2 an application crashed, 3 one is crash-looping. */
  status: z.number().int().min(0).max(3),
  applications: z.array(AppRunState).max(MAX_APPS_PER_DISPLAY),
});
export type DisplayApplications = z.infer<typeof DisplayApplications>;

/** A display's application state without its applications (the room's deviceUpdated push). */
export const DisplayApplicationsSummary = DisplayApplications.pick({
  display: true,
  display_uuid: true,
  state: true,
  status: true,
});

export const ApplicationsReport = z.object({
  /** false: a dry run (the agent was not started with --allow-apps); nothing is launched. */
  allowed: z.boolean(),
  displays: z.array(DisplayApplications).max(16),
});
export type ApplicationsReport = z.infer<typeof ApplicationsReport>;

type StateOf = Pick<AppRunState, "state" | "crash_loop">;

/** An application's health: crash-looping 3, crashed 2, otherwise 0. */
export const appStatus = (app: StateOf): 0 | 2 | 3 => (app.crash_loop ? 3 : app.state === "crashed" ? 2 : 0);

const RANK: Record<AppRunStateName, number> = { crashed: 4, starting: 3, no_launch: 2, dry_run: 1, running: 0 };

/** A display's word and health from its applications' states. */
export function displayState(apps: readonly StateOf[]): { state: DisplayAppState; status: 0 | 2 | 3 } {
  if (apps.length === 0) return { state: "not_configured", status: 0 };
  const worstApp = apps.reduce((a, b) => (RANK[b.state] > RANK[a.state] ? b : a));
  const status = Math.max(...apps.map(appStatus)) as 0 | 2 | 3;
  return { state: worstApp.state, status };
}

/** Every application's state as one comparable string (a transition is a change of it). */
export const applicationsSignature = (report: ApplicationsReport | undefined) =>
  report
    ? report.displays
        .map((d) => `${d.display}:${d.applications.map((a) => `${a.uuid}=${a.state}/${a.crash_loop}`).join(",")}`)
        .join("|")
    : "";

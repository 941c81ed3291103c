import { join } from "node:path";
import { type ApplicationLaunch, type AppliedApplication, resolveLaunch } from "../../contracts/admin/applications.ts";
import type { Geometry } from "./geometry.ts";

/** What the supervisor spawns: an argv (no shell), its environment additions and working directory. */
export type LaunchPlan = {
  kind: "url" | "command";
  argv: string[];
  env: Record<string, string>;
  cwd?: string;
  /** The transient systemd scope's name when the agent runs it under systemd. */
  unit?: string;
};

/** Where and how an application is shown: the display's place and the machine's graphical session. */
export type PlanContext = {
  display: { name: string; graphical_output?: string };
  geometry: Geometry | null;
  /** The agent's environment (DISPLAY, WAYLAND_DISPLAY). */
  env: NodeJS.ProcessEnv;
  /** The browser to use when the definition names none (findBrowser). */
  browser: string;
  /** `cage` is installed (a kiosk Wayland compositor for a machine without an X display). */
  cage: boolean;
  /** The browser profile of this display's application (its own --user-data-dir). */
  profileDir: string;
  /** The agent runs as root: Chromium refuses to start without --no-sandbox. */
  root: boolean;
};

/** Browsers looked up on PATH, in order, when a URL application names none. */
export const BROWSERS = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] as const;

/** The flags that make Chromium a kiosk: no first-run, error or restore prompts, no updates. */
const KIOSK_FLAGS = [
  "--no-first-run",
  "--no-default-browser-check",
  "--noerrdialogs",
  "--disable-infobars",
  "--disable-session-crashed-bubble",
  "--disable-features=Translate",
  "--password-store=basic",
  "--autoplay-policy=no-user-gesture-required",
  "--check-for-update-interval=31536000",
];

/** A file name made of a display's name and an application's uuid (the profile folder). */
export const profileName = (display: string, app: string) =>
  `${display.split("@")[0].replace(/[^A-Za-z0-9_.-]/g, "_")}-${app.replace(/[^A-Za-z0-9-]/g, "")}`;

export const profileDirOf = (root: string, display: string, app: string) => join(root, profileName(display, app));

/** Thrown for an application that cannot be shown here; the supervisor reports it as a failed start. */
export class PlanError extends Error {}

function urlPlan(launch: Extract<ApplicationLaunch, { kind: "url" }>, ctx: PlanContext): LaunchPlan {
  // The Admin Panel checks a literal URL; one made of an option's value is checked here.
  if (!/^(https?|file):\/\//i.test(launch.url)) {
    throw new PlanError(`Not a web or file address: "${launch.url.slice(0, 200)}".`);
  }
  const browser = launch.browser ?? ctx.browser;
  const g = ctx.geometry;
  const place = g ? [`--window-position=${g.x},${g.y}`, `--window-size=${g.width},${g.height}`] : [];
  const flags = [
    `--user-data-dir=${ctx.profileDir}`,
    ...KIOSK_FLAGS,
    ...(ctx.root ? ["--no-sandbox"] : []),
    ...(launch.args ?? []),
  ];
  if (ctx.env.DISPLAY) {
    return { kind: "url", argv: [browser, ...flags, ...place, "--kiosk", `--app=${launch.url}`], env: {} };
  }
  // No X display: cage runs the browser full screen as its own Wayland session (one application per seat).
  if (ctx.cage) {
    return {
      kind: "url",
      argv: ["cage", "--", browser, ...flags, "--ozone-platform=wayland", "--kiosk", `--app=${launch.url}`],
      env: {},
    };
  }
  throw new PlanError("No graphical session: DISPLAY is not set and cage is not installed.");
}

/**
 * How this agent launches an application on a display: its definition's launch with the
 * display's option values filled in. A URL application is a kiosk browser window with its own
 * profile, placed on the display's geometry; a command gets DISPLAY and OUTPOST_* variables.
 */
export function planLaunch(app: AppliedApplication, ctx: PlanContext): LaunchPlan {
  if (!app.launch) throw new PlanError("The application's definition has no launch.");
  const launch = resolveLaunch(app.launch, app.options);
  if (launch.kind === "url") return urlPlan(launch, ctx);
  const g = ctx.geometry;
  return {
    kind: "command",
    argv: launch.command,
    env: {
      ...(ctx.env.DISPLAY ? { DISPLAY: ctx.env.DISPLAY } : {}),
      OUTPOST_DISPLAY: ctx.display.name,
      OUTPOST_APPLICATION: app.uuid,
      ...(g ? { OUTPOST_GEOMETRY: `${g.width}x${g.height}+${g.x}+${g.y}` } : {}),
      ...launch.env,
    },
    ...(launch.cwd ? { cwd: launch.cwd } : {}),
  };
}

/** An argv as one shell-like line (the dry run's would_run, logs). */
export const commandLine = (argv: readonly string[]) =>
  argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(" ");

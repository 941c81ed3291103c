import type { ApplicationsReport } from "../../contracts/admin/applications.ts";
import type { DisplayCaptureMessage, PanelState } from "../../contracts/display-health/schema.ts";
import { episodeAt, rng } from "../sim/episodes.ts";
import { renderSimScreen, type SimScreenKind } from "../sim/screen.ts";
import type { AppFront, Rgba } from "./classify.ts";
import { DisplayHealthMonitor, type DisplayHealthSources } from "./monitor.ts";

/**
 * The simulator's screens: what each simulated display shows at a time, from seeded episodes
 * (agent/sim/episodes.ts) and its applications, rendered as real pictures so the device runs the
 * same measuring and classification as a real agent.
 *
 * - unplugged: no signal on the connector; panel_off: the panel in standby during working time;
 * - screen_black / screen_frozen (stopped at the episode's start) / screen_error;
 * - an application that is down (app_crash_loop): the empty desktop, wrong content;
 * - outside working time (SIM_WORKDAY_UTC) half the devices switch their panels off, as planned.
 */

/** The simulated locations' working time, hours UTC: [from, to). */
export const SIM_WORKDAY_UTC = [6, 22] as const;

export const outsideWorkday = (at: number) => {
  const h = new Date(at).getUTCHours();
  return h < SIM_WORKDAY_UTC[0] || h >= SIM_WORKDAY_UTC[1];
};

/**
 * Demo devices whose screen is always in trouble, so the wall and monitoring show a frozen and a
 * black screen at any moment of the demo (the seeded episodes come and go).
 */
export const ALWAYS_IN_TROUBLE: Record<string, SimScreenKind> = {
  "ZD Food Court Menu 1": "frozen",
  "ST Window Signage": "black",
};

/** Demo devices that send their last 24 h of captures on start (the strip of a fresh demo is a day long). */
export const DEMO_HISTORY = new Set([
  ...Object.keys(ALWAYS_IN_TROUBLE),
  "ZD Food Court Menu 2",
  "ZG Lobby Signage",
  "ZG Reception Kiosk",
]);

/** Steps of the history: on a fixed grid, so a restarted simulator files the same times again. */
const HISTORY_STEP_MS = 20 * 60_000;
const DAY_MS = 86_400_000;

/**
 * A display's captures over the 24 h before `now`, every 20 minutes, measured and classified in
 * order as the agent would have (frozen needs the capture before): marked `backfill`, so the room
 * files each at its own time.
 */
export async function displayHistory(sources: DisplayHealthSources, now: number): Promise<DisplayCaptureMessage[]> {
  const monitor = new DisplayHealthMonitor(sources);
  const out: DisplayCaptureMessage[] = [];
  const first = Math.ceil((now - DAY_MS + 60_000) / HISTORY_STEP_MS) * HISTORY_STEP_MS;
  for (let at = first; at < now - HISTORY_STEP_MS / 2; at += HISTORY_STEP_MS) {
    const { captures } = await monitor.tick(at);
    out.push(...captures.map((c) => ({ ...c, backfill: true })));
  }
  return out;
}

export type SimScreenState = { kind: SimScreenKind; panel: PanelState; at: number };

/** What a display shows at `at`, before any capture. */
export function simScreenAt(
  seed: string,
  display: string,
  at: number,
  app: AppFront,
  always?: SimScreenKind,
): SimScreenState {
  const s = `${seed}/${display}`;
  if (always === "no_signal") return { kind: "no_signal", panel: "no_signal", at };
  if (always === "panel_off") return { kind: "panel_off", panel: "off", at };
  // A display frozen for good shows one frame (the day's first) until the day turns.
  if (always)
    return { kind: always, panel: "unknown", at: always === "frozen" ? Math.floor(at / 86_400_000) * 86_400_000 : at };
  if (episodeAt(s, "unplugged", at)) return { kind: "no_signal", panel: "no_signal", at };
  if (outsideWorkday(at) && rng(`${seed}/nightly-off`)() < 0.5) return { kind: "panel_off", panel: "off", at };
  if (episodeAt(s, "panel_off", at)) return { kind: "panel_off", panel: "off", at };
  if (episodeAt(s, "screen_black", at)) return { kind: "black", panel: "unknown", at };
  const frozen = episodeAt(s, "screen_frozen", at);
  if (frozen) return { kind: "frozen", panel: "unknown", at: frozen.start };
  if (episodeAt(s, "screen_error", at)) return { kind: "error", panel: "unknown", at };
  if (app === "crashed") return { kind: "desktop", panel: "unknown", at };
  return { kind: "playing", panel: "unknown", at };
}

/** A display's front application from the simulated applications report. */
export function appFront(report: ApplicationsReport, display: string): AppFront {
  const d = report.displays.find((x) => x.display === display);
  if (!d) return "not_configured";
  return d.state === "crashed" ? "crashed" : d.state;
}

/** The monitor's sources for a simulated device. */
export function simDisplaySources(opts: {
  seed: string;
  title: string;
  displays: () => readonly string[];
  applications: () => ApplicationsReport;
  always?: SimScreenKind;
}): DisplayHealthSources {
  const hue = Math.floor(rng(`${opts.seed}/hue`)() * 360);
  const subtitle = (display: string) =>
    opts.applications().displays.find((d) => d.display === display)?.applications[0]?.name ?? display;
  const state = (display: string, at: number) =>
    simScreenAt(opts.seed, display, at, appFront(opts.applications(), display), opts.always);
  return {
    displays: opts.displays,
    grab: (display, at): Rgba => {
      const s = state(display, at);
      return renderSimScreen({ kind: s.kind, title: opts.title, subtitle: subtitle(display), at: s.at, hue });
    },
    panel: (display, at) => state(display, at).panel,
    app: (display) => appFront(opts.applications(), display),
    isStatic: () => false,
    scheduledOff: outsideWorkday,
  };
}

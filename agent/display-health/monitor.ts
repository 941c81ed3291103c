import {
  CAPTURE_INTERVAL_DEFAULT_S,
  type DisplayCaptureMessage,
  type DisplayHealth,
  type PanelState,
} from "../../contracts/display-health/schema.ts";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import type { Machine } from "../session.ts";
import { encodeCapture } from "./capture.ts";
import { type AppFront, classify, type Measured, measure, type Rgba, transition } from "./classify.ts";

/** What the monitor needs from the device, injected (the real agent, the simulator, tests). */
export type DisplayHealthSources = {
  /** The displays to watch, by name. */
  displays: () => readonly string[];
  /** One display's picture now, or null when there is nothing to capture. */
  grab: (display: string, at: number) => Promise<Rgba | null> | Rgba | null;
  panel: (display: string, at: number) => Promise<PanelState> | PanelState;
  /** What the application supervisor says of the display. */
  app: (display: string) => AppFront;
  /** The display's applications say their content is static. */
  isStatic: (display: string) => boolean;
  /** Outside working time (a dark panel is expected). */
  scheduledOff: (at: number) => boolean;
};

/**
 * The periodic capture of every display: measure, classify, keep `since`, and hand out the
 * capture messages and whether any state changed (a change is reported at once in telemetry).
 */
export class DisplayHealthMonitor {
  private readonly last = new Map<string, { measured: Measured | null; health: DisplayHealth }>();
  intervalS = CAPTURE_INTERVAL_DEFAULT_S;

  private readonly sources: DisplayHealthSources;
  constructor(sources: DisplayHealthSources) {
    this.sources = sources;
  }

  /** The current report (what telemetry carries). */
  report(): DisplayHealth[] {
    return [...this.last.values()].map((v) => v.health);
  }

  /** Captures every display once. */
  async tick(at: number): Promise<{ captures: DisplayCaptureMessage[]; changed: boolean }> {
    const captures: DisplayCaptureMessage[] = [];
    let changed = false;
    const names = this.sources.displays();
    for (const name of [...this.last.keys()]) if (!names.includes(name)) this.last.delete(name);
    for (const display of names) {
      const before = this.last.get(display);
      const panel = await this.sources.panel(display, at);
      const img = panel === "no_signal" ? null : await this.sources.grab(display, at);
      const measured = img ? measure(img, before?.measured) : null;
      const { state, reason } = classify({
        panel,
        scheduledOff: this.sources.scheduledOff(at),
        metrics: measured,
        isStatic: this.sources.isStatic(display),
        app: this.sources.app(display),
      });
      const t = transition(before?.health, state, at);
      changed ||= t.changed;
      const metrics = measured ? withoutThumb(measured) : undefined;
      this.last.set(display, {
        measured,
        health: {
          display,
          state,
          panel,
          since: t.since,
          ...(reason ? { reason } : {}),
          ...(metrics ? { metrics } : {}),
        },
      });
      captures.push({
        type: "displayCapture",
        display,
        at,
        state,
        panel,
        metrics: metrics ?? null,
        jpeg: img ? encodeCapture(img).toString("base64") : null,
      });
    }
    return { captures, changed };
  }
}

const withoutThumb = ({ thumb: _thumb, ...metrics }: Measured) => metrics;

/**
 * Telemetry with the displays' health as measured. The room decides whether a dark panel was
 * scheduled (it knows the location's working time and maintenance windows) and then folds each
 * state's severity into the screen's devicesInfo entry (contracts/display-health/schema.ts).
 */
export function withDisplayHealth(telemetry: Telemetry, report: readonly DisplayHealth[]): Telemetry {
  if (report.length === 0) return telemetry;
  return { ...telemetry, display_health: [...report] };
}

/** Every display's state as one comparable string (a transition is a change of it). */
export const displayHealthSignature = (report: readonly DisplayHealth[] | undefined) =>
  (report ?? []).map((h) => `${h.display}=${h.state}`).join("|");

/** A machine whose telemetry carries the displays' health. */
export function displayHealthMachine<M extends Machine>(machine: M, monitor: Pick<DisplayHealthMonitor, "report">): M {
  return {
    ...machine,
    telemetry: async (): Promise<Telemetry> => withDisplayHealth(await machine.telemetry(), monitor.report()),
  };
}

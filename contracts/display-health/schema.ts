import { z } from "zod";
import { worst } from "../devices/health.ts";
import type { Telemetry } from "../devices/telemetry.ts";
import { DISPLAY_HEALTH_SEVERITY, DISPLAY_HEALTH_STATES, PANEL_STATES } from "./values.ts";

export {
  DISPLAY_HEALTH_LABELS,
  DISPLAY_HEALTH_SEVERITY,
  DISPLAY_HEALTH_STATES,
  PANEL_STATES,
  withPresence,
} from "./values.ts";

/**
 * Display health: whether each screen shows what it should. The agent takes a small capture of
 * every display periodically (every 5 min by default, per space), measures it on the device and
 * reports a state per display: at once when it changes (in telemetry, `display_health`), and with
 * each capture (the room files the capture and its metrics; only transitions reach D1).
 */

export const DisplayHealthState = z.enum(DISPLAY_HEALTH_STATES);
export type DisplayHealthState = z.infer<typeof DisplayHealthState>;

export const PanelState = z.enum(PANEL_STATES);
export type PanelState = z.infer<typeof PanelState>;

/** What the device measured on one capture. */
export const CaptureMetrics = z.object({
  /** Mean luminance 0–255 (Rec. 601). */
  luminance: z.number().min(0).max(255),
  /** Standard deviation of the luminance (0 = one flat colour). */
  spread: z.number().min(0).max(255),
  /** Difference hash of the frame, 64 bits as 16 hex digits. */
  dhash: z.string().regex(/^[0-9a-f]{16}$/),
  /** Bits that differ from the previous capture's hash (null: the first capture). */
  distance: z.number().int().min(0).max(64).nullable(),
  /** Largest change of a 32×18 luminance thumbnail from the previous capture (0: identical frames). */
  change: z.number().min(0).max(255).nullable(),
  /** Looks like a browser error page. */
  error_like: z.boolean(),
});
export type CaptureMetrics = z.infer<typeof CaptureMetrics>;

/** One display's state as the agent reports it. */
export const DisplayHealth = z.object({
  /** The display's name as the agent detects it (its xrandr output / connector). */
  display: z.string().min(1).max(128),
  state: DisplayHealthState,
  panel: PanelState,
  /** Since when (ms) the display is in this state. */
  since: z.number(),
  /** Why, in a few words (e.g. "no application in front"). */
  reason: z.string().max(200).optional(),
  metrics: CaptureMetrics.optional(),
});
export type DisplayHealth = z.infer<typeof DisplayHealth>;

export const DisplayHealthReport = z.array(DisplayHealth).max(16);
export type DisplayHealthReport = z.infer<typeof DisplayHealthReport>;

/** The most bytes one capture may take (a JPEG of at most 480×270). */
export const CAPTURE_MAX_BYTES = 50 * 1024;
/** Capture interval by default, and its bounds (a space setting). */
export const CAPTURE_INTERVAL_DEFAULT_S = 300;
export const CAPTURE_INTERVAL_MIN_S = 60;
export const CAPTURE_INTERVAL_MAX_S = 3600;
/** How long captures are kept by default (days). */
export const CAPTURE_RETENTION_DEFAULT_DAYS = 7;
export const CAPTURE_RETENTION_MIN_DAYS = 1;
export const CAPTURE_RETENTION_MAX_DAYS = 90;

/** agent → room: a periodic capture of one display with its metrics and state. */
export const DisplayCaptureMessage = z.object({
  type: z.literal("displayCapture"),
  display: z.string().min(1).max(128),
  at: z.number(),
  state: DisplayHealthState,
  panel: PanelState,
  metrics: CaptureMetrics.nullable(),
  /**
   * An earlier capture the agent kept (the simulator's demo day): filed at its own `at` when that
   * is within the last 24 h, not as the state now. Live captures are filed at the room's time.
   */
  backfill: z.boolean().optional(),
  /** The JPEG, base64 (null: nothing to capture, e.g. the panel is unplugged). */
  jpeg: z
    .string()
    .max(Math.ceil((CAPTURE_MAX_BYTES * 4) / 3) + 4)
    .nullable(),
});
export type DisplayCaptureMessage = z.infer<typeof DisplayCaptureMessage>;

/** A capture in the room's index, as the API lists it. */
export const CaptureEntry = z.object({
  display: z.string(),
  at: z.number(),
  state: DisplayHealthState,
  panel: PanelState,
  bytes: z.number().int(),
  metrics: CaptureMetrics.nullable(),
});
export type CaptureEntry = z.infer<typeof CaptureEntry>;

/**
 * Panel off, scheduled or not: the agent knows no working time, so the server decides — a dark
 * panel outside the location's working time or inside a maintenance window is expected.
 */
export function withPanelOffSchedule(report: readonly DisplayHealth[], scheduledOff: boolean): DisplayHealth[] {
  return report.map((h) => {
    if (h.state !== "panel_off_scheduled" && h.state !== "panel_off_unexpected") return h;
    const state = scheduledOff ? "panel_off_scheduled" : "panel_off_unexpected";
    if (state === h.state) return h;
    return { ...h, state, reason: scheduledOff ? "off outside working time" : "off in working time" };
  });
}

export const isPanelOff = (state: DisplayHealthState) =>
  state === "panel_off_scheduled" || state === "panel_off_unexpected";

/** A display whose player (the device) is offline shows "Player offline", not its last, stale state. */

type Info = NonNullable<Telemetry["peripherals"]>["devicesInfo"][number];
const sameScreen = (info: Info, display: string) =>
  info.type === "display" && (info.name === display || info.name.split("@")[0] === display.split("@")[0]);
const STATUS = { ok: 0, unknown: 0, warning: 2, critical: 3 } as const;

/**
 * Telemetry with the displays' health folded into each screen's devicesInfo entry, so the
 * "Displays" heading and the monitoring counts see a black, frozen or unplugged screen (3) and
 * wrong content (2). A screen in trouble without an entry gets one. Done by the room, after it
 * decided whether a dark panel was scheduled.
 */
export function foldDisplayHealth(telemetry: Telemetry, report: readonly DisplayHealth[]): Telemetry {
  if (report.length === 0) return telemetry;
  const infos = [...(telemetry.peripherals?.devicesInfo ?? [])];
  for (const h of report) {
    const status = STATUS[DISPLAY_HEALTH_SEVERITY[h.state]];
    const at = infos.findIndex((p) => sameScreen(p, h.display));
    if (at === -1) {
      if (status > 0 && infos.length < 64)
        infos.push({ name: h.display, type: "display", enabled: true, combined_status: status, status: [status] });
      continue;
    }
    const info = infos[at];
    if (!info || status === 0) continue;
    infos[at] = {
      ...info,
      status: [...info.status, status],
      combined_status: worst([info.combined_status, status]) ?? info.combined_status,
    };
  }
  return { ...telemetry, display_health: [...report], peripherals: { devicesInfo: infos } };
}

/** A screen in trouble on the wall: its device, its state and since when, and its last capture. */
export const WallDisplay = z.object({
  device_uuid: z.string(),
  device_name: z.string(),
  location_uuid: z.string().nullable(),
  location_name: z.string().nullable(),
  display: z.string(),
  state: DisplayHealthState,
  label: z.string(),
  severity: z.enum(["warning", "critical"]),
  /** Since when (ISO) the display is in this state. */
  since: z.string(),
  /** The last capture's JPEG (null: Viewers may not see captures, or none was taken). */
  capture_url: z.string().nullable(),
});
export type WallDisplay = z.infer<typeof WallDisplay>;
/** At most this many screens are listed on the wall. */
export const WALL_DISPLAYS_LIMIT = 24;

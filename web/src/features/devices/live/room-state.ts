import type { DeviceDetail } from "@contracts/devices/detail";
import type { CommandStatus, Presence, ServerMessage, Telemetry } from "@contracts/realtime/events";

/** One remote action of the device as its room reports it (commandUpdate). */
export type LiveCommand = Omit<Extract<ServerMessage, { type: "commandUpdate" }>, "type">;
export type LiveCommands = Readonly<Record<string, LiveCommand>>;

const TERMINAL: ReadonlySet<CommandStatus> = new Set(["succeeded", "failed", "timed_out"]);
export const isTerminal = (status: CommandStatus) => TERMINAL.has(status);

/** How many commands a device keeps in memory (only the latest matter to the Settings tab). */
export const KEPT_COMMANDS = 50;

/** What a message of the device room does to the console's state. */
export type RoomEffect =
  | { kind: "presence"; presence: Presence }
  | { kind: "command"; command: LiveCommand }
  | { kind: "telemetry"; at: number; telemetry: Telemetry }
  | { kind: "invalidate" }
  | { kind: "none" };

export function roomEffect(message: ServerMessage, deviceUuid: string): RoomEffect {
  switch (message.type) {
    case "presence":
      return { kind: "presence", presence: message };
    case "commandUpdate": {
      const { type: _type, ...command } = message;
      return { kind: "command", command };
    }
    case "telemetrySample":
      return { kind: "telemetry", at: message.at, telemetry: message.telemetry };
    case "deviceDetailsUpdate":
      return message.device_uuid === deviceUuid ? { kind: "invalidate" } : { kind: "none" };
    default:
      return { kind: "none" };
  }
}

type PresenceFields = Pick<DeviceDetail, "online" | "last_seen" | "online_since">;

/**
 * The cached detail with the room's presence applied (the header chip and the streak flip at
 * once); unchanged (same object) when nothing differs, undefined when nothing is cached.
 */
export function applyPresence<T extends PresenceFields>(detail: T | undefined, presence: Presence): T | undefined {
  if (!detail) return detail;
  const next = {
    online: presence.online,
    last_seen: presence.last_seen ?? detail.last_seen,
    online_since: presence.online ? (presence.online_since ?? detail.online_since) : null,
  };
  if (
    next.online === detail.online &&
    next.last_seen === detail.last_seen &&
    next.online_since === detail.online_since
  ) {
    return detail;
  }
  return { ...detail, ...next };
}

type TelemetryFields = Pick<DeviceDetail, "latest_telemetry" | "telemetry_updated_at">;

/** The cached detail's latest report as the previous sample of a live one (network rates need it). */
export function previousSample(detail: TelemetryFields | undefined): { at: number; telemetry: Telemetry } | null {
  if (!detail?.latest_telemetry || !detail.telemetry_updated_at) return null;
  const at = Date.parse(detail.telemetry_updated_at);
  return Number.isNaN(at) ? null : { at, telemetry: detail.latest_telemetry };
}

/**
 * The cached detail with a live telemetrySample as its latest report (the health sections and
 * the last-check time change at once); an older sample than the one shown changes nothing.
 */
export function applyTelemetry<T extends TelemetryFields>(detail: T | undefined, at: number, telemetry: Telemetry) {
  if (!detail) return detail;
  const shown = previousSample(detail);
  if (shown && shown.at > at) return detail;
  return { ...detail, latest_telemetry: telemetry, telemetry_updated_at: new Date(at).toISOString() };
}

/**
 * A refetched detail that carries an older report than the one a live sample put in the cache
 * keeps the live one (D1 stores a report only on a health change or every 15 minutes, so a
 * refetch may well be behind the room); otherwise the refetched detail as it is.
 */
export function keepNewerTelemetry(cached: unknown, fetched: unknown): unknown {
  const shown = isTelemetryDetail(cached) ? previousSample(cached) : null;
  if (!shown || !isTelemetryDetail(fetched)) return fetched;
  const fetchedAt = fetched.telemetry_updated_at ? Date.parse(fetched.telemetry_updated_at) : Number.NaN;
  if (!Number.isNaN(fetchedAt) && fetchedAt >= shown.at) return fetched;
  return { ...fetched, latest_telemetry: shown.telemetry, telemetry_updated_at: new Date(shown.at).toISOString() };
}

function isTelemetryDetail(value: unknown): value is TelemetryFields {
  return typeof value === "object" && value !== null && "latest_telemetry" in value && "telemetry_updated_at" in value;
}

/**
 * Records a commandUpdate: a finished command keeps its outcome (a late, out-of-order progress
 * report does not reopen it); the oldest entries go beyond KEPT_COMMANDS.
 */
export function reduceCommands(state: LiveCommands, command: LiveCommand): LiveCommands {
  const known = state[command.id];
  if (known && isTerminal(known.status) && !isTerminal(command.status)) return state;
  const next: Record<string, LiveCommand> = { ...state };
  delete next[command.id];
  next[command.id] = { ...known, ...command, action: command.action ?? known?.action };
  const ids = Object.keys(next);
  for (const id of ids.slice(0, Math.max(0, ids.length - KEPT_COMMANDS))) delete next[id];
  return next;
}

/** The newest command of an action (e.g. set-vision), if any. */
export function latestOf(state: LiveCommands, action: LiveCommand["action"]): LiveCommand | undefined {
  const all = Object.values(state);
  for (let i = all.length - 1; i >= 0; i--) if (all[i]?.action === action) return all[i];
  return undefined;
}

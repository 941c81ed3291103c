import { z } from "zod";
import { DisplayApplicationsSummary } from "../admin/applications.ts";
import { Incident } from "../alerting/schema.ts";
import { CommandAction } from "../commands/action.ts";
import { CommandRecord } from "../commands/queue.ts";
import { DetectionScan } from "../detection/schema.ts";
import { Telemetry } from "../devices/telemetry.ts";
import { DisplayCaptureMessage } from "../display-health/schema.ts";
import { AgentInventory } from "../installation/schema.ts";
import {
  TunnelClose,
  TunnelClosed,
  TunnelCredit,
  TunnelOpen,
  TunnelOpened,
  TunnelResize,
} from "../remote-actions/tunnel.ts";
import { TunnelConsent, TunnelRecorded } from "../sessions/schema.ts";

export { ACK_EVERY, CloseCode, ROOM_SOCKETS_PER_ACCOUNT, roomPath } from "./values.ts";

/**
 * The real-time protocol of every room (a contract shared by rooms, agent and web).
 * Every message is a JSON object with a `type`; the spec's event names are the types
 * (deviceDetailsUpdate, locationDetailsUpdate, accountOnline/Offline) and the kind of
 * change inside them is `event` (deviceOnline, locationPartiallyOnline, devicesDetected …).
 */

export const DeviceEvent = z.enum([
  "deviceOnline",
  "deviceOffline",
  "deviceInstalled",
  "deviceUpdated",
  "deviceDeleted",
]);
export const LocationEvent = z.enum([
  "locationOnline",
  "locationPartiallyOnline",
  "locationOffline",
  "locationUpdated",
  "locationDeleted",
  "devicesDetected",
  "noDevicesDetected",
]);

/** deviceOnline / deviceOffline: the device's presence after the change (patched into lists at once). */
export const DevicePresenceData = z.object({
  online: z.boolean(),
  online_since: z.string().nullable(),
  last_seen: z.string().nullable(),
  /** The wall narrowed to a group or location keeps its ticker to its own devices. */
  location_uuid: z.string().nullable(),
});
export type DevicePresenceData = z.infer<typeof DevicePresenceData>;

/** deviceUpdated from the device's room: what changed that a dashboard shows at once. */
export const DeviceChangeData = z.object({
  location_uuid: z.string().nullable().optional(),
  /** Peripheral types that just turned critical (the wall's ticker). */
  critical_peripherals: z.array(z.string()).optional(),
  /** The displays' application states (the Peripherals tab's chips). */
  applications: z.array(DisplayApplicationsSummary).optional(),
});
export type DeviceChangeData = z.infer<typeof DeviceChangeData>;

const deviceUpdate = {
  type: z.literal("deviceDetailsUpdate"),
  space_uuid: z.string(),
  device_uuid: z.string(),
  device_name: z.string().optional(),
};
/** A device changed; `data`'s schema follows `event`. */
export const DeviceDetailsUpdate = z.discriminatedUnion("event", [
  z.object({ ...deviceUpdate, event: z.enum(["deviceOnline", "deviceOffline"]), data: DevicePresenceData }),
  z.object({ ...deviceUpdate, event: z.literal("deviceUpdated"), data: DeviceChangeData.optional() }),
  z.object({ ...deviceUpdate, event: z.enum(["deviceInstalled", "deviceDeleted"]) }),
]);
export type DeviceDetailsUpdate = z.infer<typeof DeviceDetailsUpdate>;

/** locationOnline / PartiallyOnline / Offline: the location's status and counts after the change. */
export const LocationStatusData = z.object({
  online_status: z.enum(["online", "partially_online", "offline"]),
  total_online_number: z.number().int(),
  total_connected_number: z.number().int(),
});
export type LocationStatusData = z.infer<typeof LocationStatusData>;

/** devicesDetected / noDevicesDetected: the scan as GET …/devices-detection/ gives it, and the cameras it found. */
export const DetectionData = DetectionScan.extend({ cameras_detected: z.number().int().optional() });

const locationUpdate = {
  type: z.literal("locationDetailsUpdate"),
  space_uuid: z.string(),
  location_uuid: z.string(),
  location_name: z.string().optional(),
};
/** A location changed; `data`'s schema follows `event`. */
export const LocationDetailsUpdate = z.discriminatedUnion("event", [
  z.object({
    ...locationUpdate,
    event: z.enum(["locationOnline", "locationPartiallyOnline", "locationOffline"]),
    data: LocationStatusData,
  }),
  z.object({ ...locationUpdate, event: z.enum(["devicesDetected", "noDevicesDetected"]), data: DetectionData }),
  z.object({ ...locationUpdate, event: z.enum(["locationUpdated", "locationDeleted"]) }),
]);
export type LocationDetailsUpdate = z.infer<typeof LocationDetailsUpdate>;
export const AccountPresence = z.object({
  type: z.enum(["accountOnline", "accountOffline"]),
  space_uuid: z.string(),
  account_uuid: z.string(),
});

/**
 * An incident changed (contracts/alerting/schema.ts), fanned out on the space room: `incident` is the
 * record after the change, so a page updates its cache without a refetch.
 */
export const IncidentEvent = z.enum([
  "incidentOpened",
  "incidentUpdated",
  "incidentAcknowledged",
  "incidentResolved",
  "incidentSuppressed",
]);
export const IncidentUpdate = z.object({
  type: z.literal("incidentUpdate"),
  event: IncidentEvent,
  space_uuid: z.string(),
  incident_uuid: z.string(),
  location_uuid: z.string(),
  incident: Incident,
});
export type IncidentUpdate = z.infer<typeof IncidentUpdate>;

/** Events the API publishes into rooms (validated again inside the room). */
export const RoomEvent = z.discriminatedUnion("type", [
  DeviceDetailsUpdate,
  LocationDetailsUpdate,
  AccountPresence,
  IncidentUpdate,
]);
export type RoomEvent = z.infer<typeof RoomEvent>;

/**
 * room → dashboards: several RoomEvents in one frame, in the order they were published. A room
 * with many dashboards (worker/rooms/room.ts GATHER_ABOVE) gathers a burst of deviceDetailsUpdate for a
 * short window (GATHER_MS) and sends it as one batch; a client handles each event as if it had
 * come alone (web/src/lib/room-socket.ts unpacks it). Rooms with few dashboards never send one.
 */
export const Batch = z.object({ type: z.literal("batch"), events: z.array(RoomEvent).min(1) });
export type Batch = z.infer<typeof Batch>;

/**
 * Sent by a room to a socket right after it joins. `last_event_age_ms`: how long ago (ms, by the
 * room's clock) the room last published a device or location event, null when it never has;
 * `last_presence_age_ms`: the same for account presence (accountOnline/accountOffline). A
 * dashboard whose data was fetched before such a moment may have missed the event (a page's first
 * data is fetched before its socket joins, and a reconnect follows a gap) and fetches it again.
 * Only a space room sends the ages (its dashboards are the ones that catch up).
 */
export const Welcome = z.object({
  type: z.literal("welcome"),
  room: z.string(),
  role: z.enum(["dashboard", "agent"]),
  last_event_age_ms: z.number().int().nonnegative().nullable().optional(),
  last_presence_age_ms: z.number().int().nonnegative().nullable().optional(),
});
/**
 * room → socket: the answer to a ping. `at` (the room's clock, ms) is on the pongs the room writes
 * itself (a dashboard's ping, an agent's heartbeat); the runtime's auto-response to AGENT_PING
 * (AGENT_PONG) has none.
 */
export const Pong = z.object({ type: z.literal("pong"), at: z.number().optional() });
/**
 * room → agent: its hello was taken (presence is online); the inventory is written after it. From
 * here on both sides hold the socket to the silence rule (AGENT_SILENCE_MS): before it, a slow
 * connect during a reconnect wave is not silence (agent/session.ts gives it HELLO_TIMEOUT_MS).
 */
export const HelloAck = z.object({
  type: z.literal("helloAck"),
  at: z.number(),
  /** The space's display capture interval (contracts/display-health/schema.ts); absent from an older room. */
  capture_interval_s: z.number().int().optional(),
});
/** room → agent: settings of the agent's space changed since its hello (sent live). */
export const AgentConfig = z.object({ type: z.literal("agentConfig"), capture_interval_s: z.number().int() });
/** room → dashboard: a fresh access token sent on the socket was accepted; the socket now lasts until `exp` (ms). */
export const Authenticated = z.object({ type: z.literal("authenticated"), exp: z.number() });
export const ProtocolError = z.object({ type: z.literal("error"), message: z.string() });

export { CommandAction } from "../commands/action.ts";
/** The spec's Telemetry (devices.md §3), as an agent reports it: contracts/devices/telemetry.ts. */
export { Telemetry } from "../devices/telemetry.ts";

/**
 * room → agent: run an action; the agent acks at once (commandAck) and answers (commandResult).
 * `params` is checked by the agent against COMMANDS[action].params (contracts/commands/schema.ts).
 */
export const Command = z.object({
  type: z.literal("command"),
  id: z.string().min(1).max(128),
  action: CommandAction,
  params: z.record(z.string(), z.unknown()).default({}),
  /**
   * Epoch ms after which the agent must not start it (it answers `expired: true` instead), so a
   * command the API reported as not run never runs later. Absent from old rooms: no limit.
   */
  deadline: z.number().int().optional(),
  /**
   * The ms left until `deadline` when the room wrote the frame: the agent reads its deadline as
   * arrival + ttl_ms, so a device clock minutes off (a kiosk without NTP) neither refuses every
   * command nor runs late ones. Preferred over `deadline` when present.
   */
  ttl_ms: z.number().int().min(0).optional(),
  /**
   * A queued command (the device's command queue, issue 14): the agent runs ordered commands one
   * after another in the order they arrive, and may ack them on arrival. Sent only to an agent
   * whose hello gave a `queue_window` (older agents get one queued command at a time).
   */
  ordered: z.boolean().optional(),
});
export type Command = z.infer<typeof Command>;

export const CommandStatus = z.enum(["pending", "received", "succeeded", "failed", "timed_out"]);
export type CommandStatus = z.infer<typeof CommandStatus>;
/** room → dashboards of the device: progress of a command. */
export const CommandUpdate = z.object({
  type: z.literal("commandUpdate"),
  id: z.string(),
  action: CommandAction.optional(),
  status: CommandStatus,
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.string().optional(),
  /** The command's record after the change (contracts/commands/queue.ts): the Commands tab's live update. */
  record: CommandRecord.optional(),
});
/** room → dashboards of the device (and to a dashboard when it joins). */
export const Presence = z.object({
  type: z.literal("presence"),
  online: z.boolean(),
  last_seen: z.string().nullable(),
  online_since: z.string().nullable(),
});
export type Presence = z.infer<typeof Presence>;

/**
 * room → dashboards of the device: a telemetry sample as it arrives (the live tail of the
 * health report's charts; the room keeps the history, see telemetry-history.ts).
 */
export const TelemetrySample = z.object({ type: z.literal("telemetrySample"), at: z.number(), telemetry: Telemetry });

/** Everything a client (dashboard or agent) can receive. */
export const ServerMessage = z.discriminatedUnion("type", [
  DeviceDetailsUpdate,
  LocationDetailsUpdate,
  AccountPresence,
  IncidentUpdate,
  Welcome,
  Pong,
  HelloAck,
  AgentConfig,
  Authenticated,
  ProtocolError,
  Command,
  CommandUpdate,
  Presence,
  TelemetrySample,
  Batch,
  // Remote sessions (contracts/remote-actions/tunnel.ts): to the agent tunnelOpen/Resize/Credit/Close, to the browser tunnelOpened/Credit/Closed.
  TunnelOpen,
  TunnelOpened,
  TunnelResize,
  TunnelCredit,
  TunnelClose,
  TunnelClosed,
  // The consent prompt's steps (agent → room → browser) and "this session is recorded".
  TunnelConsent,
  TunnelRecorded,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** agent → room: once per connection, the system inventory (same shape as at enrolment). */
/** The settings the agent applies and keeps (issue 17), as it reports them on hello: the console records them. */
export const AgentSettings = z.object({ enabled: z.boolean(), debug_mode: z.boolean(), vision: z.boolean() });
export type AgentSettings = z.infer<typeof AgentSettings>;

/** The most queued commands a room writes to one agent before the first of them is answered. */
export const QUEUE_WINDOW_MAX = 16;

export const Hello = z.object({
  type: z.literal("hello"),
  agent_version: z.string().max(64),
  machine_id: z.string().max(256).nullish(),
  inventory: AgentInventory.default({}),
  settings: AgentSettings.optional(),
  /**
   * How many queued commands the agent takes at once (it runs `ordered` commands in order);
   * absent (older agents): one at a time.
   */
  queue_window: z.number().int().min(1).max(QUEUE_WINDOW_MAX).optional(),
});
export const TelemetryMessage = z.object({ type: z.literal("telemetry"), telemetry: Telemetry });
export const CommandAck = z.object({ type: z.literal("commandAck"), id: z.string() });
/** agent → room: a command's answer; `result` is parsed by the API with COMMANDS[action].result. */
export const CommandResult = z.object({
  type: z.literal("commandResult"),
  id: z.string(),
  ok: z.boolean(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.string().max(2000).optional(),
  /** The agent refused the command because its deadline had passed: it did not run. */
  expired: z.boolean().optional(),
});
export type CommandResult = z.infer<typeof CommandResult>;

/** Everything a client can send: dashboards ping; agents add hello, heartbeats, telemetry, command replies. */
/**
 * dashboard → room: re-authenticate an open socket with a fresh access token (the web client
 * sends it on every token refresh). Without it a user's socket closes (4401) when the token it
 * was opened with expires.
 */
export const Auth = z.object({ type: z.literal("auth"), token: z.string().min(1).max(4096) });

/**
 * dashboard → room: how many messages it has received and processed on this socket. A
 * dashboard more than 1 000 events behind is closed (1008) rather than buffered without limit;
 * the web client acknowledges every 100 events.
 */
export const Ack = z.object({ type: z.literal("ack"), received: z.number().int().min(0) });

export const ClientMessage = z.discriminatedUnion("type", [
  /** Dashboards and agents (every 10 s, with their clock) keep the socket alive; the room answers pong. */
  z.object({ type: z.literal("ping"), at: z.number().optional() }),
  Auth,
  Ack,
  z.object({ type: z.literal("heartbeat"), at: z.number().optional() }),
  Hello,
  TelemetryMessage,
  CommandAck,
  CommandResult,
  // A display's periodic capture with its health (contracts/display-health/schema.ts).
  DisplayCaptureMessage,
  // Remote sessions (contracts/remote-actions/tunnel.ts): browsers open/resize/credit/close, agents opened/credit/close.
  TunnelOpen,
  TunnelOpened,
  TunnelResize,
  TunnelCredit,
  TunnelClose,
  TunnelConsent,
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** Agents ping every AGENT_PING_MS; a side that hears nothing for AGENT_SILENCE_MS drops the socket. */
export const AGENT_PING_MS = 10_000;
export const AGENT_SILENCE_MS = 25_000;
/**
 * The agent's ping frame, byte for byte, and the pong the runtime answers it with (the device
 * room's WebSocket auto-response): the room is not woken for it, so it can hibernate between
 * heartbeats, and it reads when the last one was answered (getWebSocketAutoResponseTimestamp) for
 * its liveness rules. A room that does not auto-respond reads the frame as a ping and answers a
 * pong with its clock, so the agent works with both.
 */
export const AGENT_PING = '{"type":"ping","auto":true}';
export const AGENT_PONG = '{"type":"pong","auto":true}';

/** Largest frame a dashboard may send; agents may send larger commandResult frames (screenshots) up to AGENT_UPLOAD_MAX_BYTES. */
export const FRAME_MAX_BYTES = 64 * 1024;
export const AGENT_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Outgoing flow of a dashboard: events the room sent and how many the client acknowledged having
 * processed. One that falls this many events behind is dropped rather than buffered without limit.
 */
export const OUTGOING_MAX_UNACKED = 1000;

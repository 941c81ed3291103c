/** Room sockets' close codes, acknowledgement step and message types. Free of zod (contracts/values: what the console's first load may import). */

/**
 * Close codes of room sockets (4xxx: application codes, RFC 6455 §7.4.2). A client that gets
 * 4401 may reconnect with a fresh credential; 4403 means its right to the room is gone (it may
 * reconnect to be checked again: a changed role is admitted, a removed member is refused).
 */
export const CloseCode = {
  /** The access token the socket was opened or last re-authenticated with expired, or one sent was invalid. */
  tokenExpired: 4401,
  /** The account was disabled, removed from the space or its role changed. */
  membershipChanged: 4403,
  /** Policy violation: too many messages, a frame over the size cap (RFC 6455 1008). */
  policy: 1008,
  /** An agent socket closed because a newer connection of the same device took over. */
  replaced: 4409,
  /** An agent socket from which nothing arrived for AGENT_SILENCE_MS (half-open). */
  silent: 4408,
  /** The display link or API token behind the socket was revoked by an Admin: do not reconnect. */
  credentialRevoked: 4410,
  /**
   * The oldest socket of an account (or display link, API token) in a room, closed because the
   * account opened more than ROOM_SOCKETS_PER_ACCOUNT there: the web client does not reconnect it.
   */
  tooManySockets: 4429,
  /**
   * An agent's connect was not admitted: the server is taking connects at the rate it can serve
   * them. The reason says when to come back (contracts/devices/presence.ts retryLaterReason,
   * `retry-after=<seconds>`); the agent waits that long plus jitter, and it is not an outage.
   */
  retryLater: 4503,
} as const;

/** Sockets one account (or one display link, API token) may hold in one room; a newer one closes the oldest. */
export const ROOM_SOCKETS_PER_ACCOUNT = 20;

/** The web client acknowledges after this many events (and a room never needs more than this slack). */
export const ACK_EVERY = 100;

/** The `type` of every message of the protocol (contracts/realtime/events.ts `ServerMessage`; tests/unit keeps the two equal). */
export const SERVER_MESSAGE_TYPES = [
  "deviceDetailsUpdate",
  "locationDetailsUpdate",
  "accountOnline",
  "accountOffline",
  "incidentUpdate",
  "welcome",
  "pong",
  "helloAck",
  "agentConfig",
  "authenticated",
  "error",
  "command",
  "commandUpdate",
  "presence",
  "telemetrySample",
  "batch",
  "tunnelOpen",
  "tunnelOpened",
  "tunnelResize",
  "tunnelCredit",
  "tunnelClose",
  "tunnelClosed",
  "tunnelConsent",
  "tunnelRecorded",
] as const;

/** The types a `batch` carries (contracts/realtime/events.ts `RoomEvent`). */
export const ROOM_EVENT_TYPES = [
  "deviceDetailsUpdate",
  "locationDetailsUpdate",
  "accountOnline",
  "accountOffline",
  "incidentUpdate",
] as const;

/**
 * Room addresses (a contract, ARCHITECTURE.md): /parties/<party>/<room id>, the credential in the
 * Authorization header, or the `ticket` / `token` query parameter. `of` takes a room as tickets
 * name it ("device/{uuid}").
 */
export const roomPath = {
  space: (spaceUuid: string) => `/parties/space/${spaceUuid}`,
  location: (locationUuid: string) => `/parties/location/${locationUuid}`,
  device: (deviceUuid: string) => `/parties/device/${deviceUuid}`,
  of: (room: string) => `/parties/${room}`,
} as const;

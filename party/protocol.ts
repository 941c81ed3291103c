import { z } from "zod";

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

export const DeviceDetailsUpdate = z.object({
  type: z.literal("deviceDetailsUpdate"),
  event: DeviceEvent,
  space_uuid: z.string(),
  device_uuid: z.string(),
  device_name: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export const LocationDetailsUpdate = z.object({
  type: z.literal("locationDetailsUpdate"),
  event: LocationEvent,
  space_uuid: z.string(),
  location_uuid: z.string(),
  location_name: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export const AccountPresence = z.object({
  type: z.enum(["accountOnline", "accountOffline"]),
  space_uuid: z.string(),
  account_uuid: z.string(),
});

/** Events the API publishes into rooms (validated again inside the room). */
export const RoomEvent = z.discriminatedUnion("type", [DeviceDetailsUpdate, LocationDetailsUpdate, AccountPresence]);
export type RoomEvent = z.infer<typeof RoomEvent>;

/** Sent by a room to a socket right after it joins. */
export const Welcome = z.object({
  type: z.literal("welcome"),
  room: z.string(),
  role: z.enum(["dashboard", "agent"]),
});
export const Pong = z.object({ type: z.literal("pong"), at: z.number() });
export const ProtocolError = z.object({ type: z.literal("error"), message: z.string() });

/** Everything a client (dashboard or agent) can receive. */
export const ServerMessage = z.discriminatedUnion("type", [
  DeviceDetailsUpdate,
  LocationDetailsUpdate,
  AccountPresence,
  Welcome,
  Pong,
  ProtocolError,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Everything a client can send. Agents add heartbeats; later issues add commands here. */
export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("heartbeat"), at: z.number().optional() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** Room addresses (a contract): /parties/<party>/<room id>?token=… */
export const roomPath = {
  space: (spaceUuid: string) => `/parties/space/${spaceUuid}`,
  location: (locationUuid: string) => `/parties/location/${locationUuid}`,
  device: (deviceUuid: string) => `/parties/device/${deviceUuid}`,
} as const;

import { WatchedRoom } from "./watched-room.ts";

/**
 * One per location (`/parties/location/{location_uuid}`, the spec's channel location_{uuid}):
 * detection events (devicesDetected, noDevicesDetected) and the location's online state.
 */
export class LocationRoom extends WatchedRoom {
  readonly roomKind = "location" as const;
}

import { type AlertSignal, LocationAlerts } from "./location-alerts.ts";
import type { RoomPublisher } from "./rpc.ts";
import { WatchedRoom } from "./watched-room.ts";

/**
 * One per location (`/parties/location/{location_uuid}`, the spec's channel location_{uuid}):
 * detection events (devicesDetected, noDevicesDetected) and the location's online state.
 *
 * It also evaluates the space's alert rules for this location (location-alerts.ts): its devices'
 * transitions are told to it, and its alarm times durations and recoveries.
 */
export class LocationRoom extends WatchedRoom implements RoomPublisher {
  readonly roomKind = "location" as const;
  private alertsOf: LocationAlerts | null = null;

  private get alerts() {
    this.alertsOf ??= new LocationAlerts({
      env: this.env,
      storage: this.ctx.storage,
      armAlarm: (at) => this.armAlarm(at),
    });
    return this.alertsOf;
  }

  /** RPC: a device of this location changed (presence, health, applications, a failed command). */
  alertSignal(signal: AlertSignal) {
    return this.alerts.signal(signal);
  }

  /** RPC: rules or maintenance windows changed; `at`: a clock the caller controls (tests, dev routes). */
  alertRefresh(locationUuid: string, at?: number) {
    return this.alerts.refresh(locationUuid, at);
  }

  /** RPC: evaluate now, or at `at` (tests, dev routes). */
  alertTick(at?: number, locationUuid?: string) {
    return this.alerts.tick(at, locationUuid);
  }

  /** RPC: an incident was resolved by hand. */
  alertForget(incidentUuid: string) {
    return this.alerts.forget(incidentUuid);
  }

  protected async onRoomAlarm() {
    await this.alerts.tick();
  }
}

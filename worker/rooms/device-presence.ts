/**
 * The DeviceRoom's presence: the state machine's state in the room, the grace after a restart,
 * and the D1 writes once per transition. Apart from the room, which feeds it its sockets' events,
 * so when a device is online, and what that costs the database, reads in one place.
 */
import type { Connection } from "partyserver";
import {
  initialPresence,
  nextCheckAt,
  nextPresence,
  OFFLINE_AFTER_MS,
  type OutageCause,
  type PresenceEvent,
  type PresenceState,
  restorePresence,
} from "../../contracts/devices/presence.ts";
import type { Presence } from "../../contracts/realtime/events.ts";
import type { Env } from "../env.ts";
import { reconcileOffline, recordOffline, recordOnline } from "../services/devices/presence.ts";
import { admission, toldBackBy } from "../services/devices/presence-admission.ts";
import type { ConnState } from "./room-state.ts";

/**
 * How long a room that starts with its device online but without its agent's socket waits before the
 * missed-heartbeat rule may call the device offline (ms, from that start). Only a restart of the
 * runtime (a crash, a deploy) leaves a room so: a hibernated room keeps its sockets, and a socket
 * that closed was written offline when it left. The last heartbeat was kept on the lost socket, so
 * the saved one is older than 90 s, and the whole fleet is reconnecting behind its backoff and the
 * server's retry-after slots. So the 90 s rule counts from the room's start, the first moment it
 * could hear its agent again: a device that really went away is offline 90 s after its room is back.
 * An agent the server told to come back later (4503, in this isolate) is waited for until the latest
 * time it may be back (presence-admission.ts, toldBackBy): it is reconnecting, not gone.
 */
export const RESTART_GRACE_MS = OFFLINE_AFTER_MS;

/** What presence needs from its DeviceRoom. */
export type PresenceHost = {
  env(): Env;
  device(): string;
  armAlarm(at: number): Promise<void>;
  toDashboards(message: Presence): void;
  /** Keeps the room's state (presence among it) in storage. */
  save(): void;
  /** The device went offline: its agent's commands are settled as the agent's leaving settles them. */
  agentGone(): void;
  /** Writes the newest report to D1 if D1 holds an older one (before D1 hears the device is offline). */
  flushTelemetry(): Promise<void>;
};

export class DevicePresence {
  state: PresenceState = initialPresence();
  /** Until when (ms) the missed-heartbeat check waits for an agent lost to a restart (RESTART_GRACE_MS); 0: none. */
  restartGraceUntil = 0;
  /** This room wrote its device offline in D1 (or found it so) since it went offline: no reconciliation needed. */
  private offlineWritten = false;

  constructor(private readonly host: PresenceHost) {}

  get online(): boolean {
    return this.state.online;
  }

  /** The saved state, with the heartbeats the agent sockets kept (`heard`, one per socket). */
  restore(saved: PresenceState, heard: (number | undefined)[]) {
    this.state = restorePresence(saved, heard);
    if (this.state.online && heard.length === 0) this.restartGraceUntil = Date.now() + RESTART_GRACE_MS;
  }

  /** Pings the runtime answered count as heard for the 90 s rule: a hibernating room reads no frame. */
  hear(pings: (number | undefined)[]) {
    this.state = restorePresence(this.state, pings);
  }

  message(): Presence {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      type: "presence",
      online: this.state.online,
      last_seen: iso(this.state.last_seen),
      online_since: iso(this.state.online_since),
    };
  }

  /**
   * Applies a presence event: keeps the state, re-arms the alarm, writes D1 once per transition.
   * A heartbeat that changes nothing but the time is kept on the agent's socket, not in storage
   * (restorePresence reads it back after hibernation): heartbeats cost no database write.
   */
  async step(event: PresenceEvent, from?: Connection<ConnState>, why?: string, cause: OutageCause = "unknown") {
    const now = Date.now();
    const before = this.state;
    const device = this.host.device();
    // Right after a restart the saved last heartbeat says nothing of the agent (RESTART_GRACE_MS).
    if (event.type === "connect" || event.type === "heartbeat") this.restartGraceUntil = 0;
    const graceEnd =
      this.restartGraceUntil && Math.max(this.restartGraceUntil, toldBackBy(admission, device, now) ?? 0);
    const graced = event.type === "check" && now < graceEnd;
    const { state, transition } = graced ? { state: before, transition: null } : nextPresence(before, event, now);
    this.state = state;
    if (event.type === "heartbeat" && !transition && from?.state) from.setState({ ...from.state, heard: now });
    else if (transition || event.type !== "check") this.host.save();
    const due = nextCheckAt(state);
    const check = due !== null && graced ? Math.max(due, graceEnd) : due;
    if (check !== null && (transition === "online" || event.type === "check")) {
      await this.host.armAlarm(check);
    }
    if (!transition) return;
    this.host.toDashboards(this.message());
    if (transition === "online") {
      this.offlineWritten = false;
      await recordOnline(this.host.env(), device, { now, since: state.online_since ?? now });
    } else {
      // One line per offline transition, with what caused it (a socket's close code and reason, the
      // 25 s silence rule, or missed heartbeats): the evidence when a device shows Offline unexpectedly.
      // A warning, so the local servers (wrangler at WRANGLER_LOG=warn, the e2e server's output in
      // the Playwright run) show it too.
      console.warn(`device ${device} offline: ${why ?? event.type}`);
      this.host.agentGone();
      await this.host.flushTelemetry();
      await recordOffline(
        this.host.env(),
        device,
        { lastSeen: state.last_seen ?? now, since: before.online_since },
        cause,
      );
      this.offlineWritten = true;
    }
  }

  /**
   * A device offline here with no agent: D1 is set right once per room start, or after this room's
   * own offline write failed; a device D1 already has offline costs no write, but the read is a
   * batch all the same.
   */
  async reconcile(agents: number) {
    if (this.state.online || agents > 0 || this.offlineWritten) return;
    await this.host.flushTelemetry();
    await reconcileOffline(this.host.env(), this.host.device())
      .then(() => {
        this.offlineWritten = true;
      })
      .catch((e: unknown) => console.error("reconcile", e));
  }
}

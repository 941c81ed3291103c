/**
 * A room's way out to its dashboards: every event validated once, serialised once, counted per
 * socket against its acknowledgements (a stalled wall screen is closed instead of buffered
 * without limit), and bursts of device updates in a busy room gathered into one `batch` frame.
 */
import type { Connection } from "partyserver";
import type { Batch, RoomEvent, ServerMessage } from "../../contracts/realtime/events.ts";
import { type Flow, withinBacklog } from "./budget.ts";
import type { RoomSockets } from "./room-sockets.ts";

/** A room with more dashboards than this gathers bursts of deviceDetailsUpdate into batches. */
export const GATHER_ABOVE = 50;
/** How long such a room gathers device updates after sending one (ms): one batch per window. */
export const GATHER_MS = 200;
/** The most events in one batch; a window that fills up is sent at once. */
export const BATCH_MAX = 500;

export class RoomFanOut {
  /** Events sent to each socket and how many it acknowledged; memory only, like the budgets. */
  private readonly flow = new Map<string, Flow>();
  /** deviceDetailsUpdate events gathered while a window is open (null: none is). */
  private gathered: RoomEvent[] | null = null;
  /** Dashboards the last fan-out reached (what publish reports for a gathered event). */
  private reached = 0;

  constructor(
    private readonly sockets: RoomSockets,
    /** Closes a socket that fell too far behind (the room also forgets its budgets). */
    private readonly drop: (connection: Connection, reason: string) => void,
  ) {}

  /**
   * Fans a parsed event out. In a room with more than GATHER_ABOVE dashboards a
   * deviceDetailsUpdate goes out at once and opens a GATHER_MS window: the device updates
   * published inside it go out together as one `batch` frame at its end (a fleet coming online
   * is a few frames per second, not one per device, per dashboard). Any other event sends what
   * was gathered first, so order is kept. Returns how many dashboards it reached (for a gathered
   * event: the last fan-out's count).
   */
  publish(parsed: RoomEvent): number {
    if (parsed.type !== "deviceDetailsUpdate") return this.toDashboards(parsed);
    if (this.gathered) {
      this.gathered.push(parsed);
      if (this.gathered.length >= BATCH_MAX) this.sendGathered();
      return this.reached;
    }
    const reached = this.toDashboards(parsed);
    if (reached > GATHER_ABOVE) this.openGatherWindow();
    return reached;
  }

  /**
   * Sends an event to every dashboard. A dashboard acknowledges what it has processed
   * (`{type:"ack", received}`, the web client every ACK_EVERY events); one that falls
   * OUTGOING_MAX_UNACKED events behind is closed — it reconnects, and its welcome's ages make it
   * refetch what it missed. (workerd does not report a socket's bufferedAmount, so the room
   * counts in events.)
   */
  toDashboards(message: ServerMessage | RoomEvent): number {
    // Device updates gathered in an open window go first: dashboards hear events in publish order.
    if (this.gathered?.length) this.sendGathered();
    return this.fanOut(message);
  }

  /** Sends a message on an open socket; false when the socket is not open (or the write failed). */
  send(connection: Connection, message: ServerMessage): boolean {
    if (connection.readyState !== WebSocket.OPEN) return false;
    try {
      connection.send(JSON.stringify(message));
    } catch {
      return false;
    }
    const flow = this.flow.get(connection.id);
    this.flow.set(connection.id, { sent: (flow?.sent ?? 0) + 1, acked: flow?.acked ?? 0 });
    return true;
  }

  /** A dashboard's `{type:"ack", received}`. */
  acked(connection: Connection, received: number) {
    const flow = this.flow.get(connection.id);
    if (flow) flow.acked = Math.min(flow.sent, Math.max(flow.acked, received));
  }

  /** A socket closed or was dropped: its count goes. */
  forget(id: string) {
    this.flow.delete(id);
  }

  /** Gathers device updates for GATHER_MS, then sends them; reopens while they keep coming. */
  private openGatherWindow() {
    this.gathered = [];
    setTimeout(() => {
      const sent = this.sendGathered();
      this.gathered = null;
      if (sent && this.reached > GATHER_ABOVE) this.openGatherWindow();
    }, GATHER_MS);
  }

  /** Sends what the open window gathered (one event alone, more as a batch); false when nothing was. */
  private sendGathered(): boolean {
    const events = this.gathered;
    if (!events?.length) return false;
    this.gathered = [];
    const batch: Batch = { type: "batch", events };
    this.fanOut(events.length === 1 ? events[0] : batch);
    return true;
  }

  private fanOut(message: ServerMessage | RoomEvent): number {
    // Serialised once, and only when some dashboard is there to get it (most device rooms have none).
    // The hot loop of a fan-out (1 000 sockets per event): the sockets' ids come from the
    // map's keys (a Connection's id is a getter over its attachment), the flows are counted in place.
    let payload: string | undefined;
    let delivered = 0;
    const all = this.sockets.dashboards();
    // Account presence names accounts, which a display link may not read (it reads the fleet):
    // its sockets (found by their tag, a few) are left out of those events.
    const blind =
      message.type === "accountOnline" || message.type === "accountOffline" ? this.sockets.displayLinks() : null;
    for (const [id, conn] of all) {
      const state = conn.readyState;
      if (state !== WebSocket.OPEN) {
        // A closed one that never reported its close is forgotten here.
        if (state === WebSocket.CLOSED) all.delete(id);
        continue;
      }
      if (blind?.has(id)) continue;
      let flow = this.flow.get(id);
      if (!flow) {
        flow = { sent: 0, acked: 0 };
        this.flow.set(id, flow);
      }
      if (!withinBacklog(flow)) {
        this.drop(conn, "Too far behind: reconnect to catch up.");
        continue;
      }
      payload ??= JSON.stringify(message);
      conn.send(payload);
      flow.sent++;
      delivered++;
    }
    this.reached = delivered;
    return delivered;
  }
}

/**
 * When a room last published an event of each kind, for the welcome's ages: a dashboard that
 * reconnects compares them with what it has and refetches only what it missed. Kept in memory,
 * and in the room's storage at most once per KEEP_EVENT_MS per kind, so a woken room still knows.
 */
import type { RoomEvent } from "../../contracts/realtime/events.ts";

/**
 * `fleet` = the room's last device or location event (`last_event_age_ms`), `presence` = its
 * last account presence event (`last_presence_age_ms`).
 */
export type EventKind = "fleet" | "presence";
/** A room writes when it last published an event of a kind at most this often (ms). */
export const KEEP_EVENT_MS = 1000;
/** Storage key of when the room last published an event of a kind. */
const lastEventKey = (kind: EventKind) => `outpost:last:${kind}`;

export const kindOf = (event: RoomEvent): EventKind =>
  event.type === "accountOnline" || event.type === "accountOffline" ? "presence" : "fleet";

export class EventDates {
  /** When the room last published an event of each kind (ms); null: never; absent: not read yet. */
  private readonly lastEventAt = new Map<EventKind, number | null>();
  /** Kinds whose time was written less than KEEP_EVENT_MS ago (true: a newer one waits). */
  private readonly keeping = new Map<EventKind, boolean>();

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Forgets what memory holds, as a wake from hibernation does (tests use it to play a wake). */
  forget() {
    this.lastEventAt.clear();
  }

  /** The time memory holds for `kind` (undefined: not read since the wake). */
  inMemory(kind: EventKind): number | null | undefined {
    return this.lastEventAt.get(kind);
  }

  /** How long ago the room last published an event of `kind` (ms), or null: never. */
  age(kind: EventKind, now: number): number | null {
    const at = this.last(kind);
    return at === null ? null : Math.max(0, now - at);
  }

  /** When the room last published an event of `kind` (ms), or null: from memory, after a wake from storage. */
  last(kind: EventKind): number | null {
    let at = this.lastEventAt.get(kind);
    if (at === undefined) {
      at = this.storage.kv.get<number>(lastEventKey(kind)) ?? null;
      this.lastEventAt.set(kind, at);
    }
    return at;
  }

  note(kind: EventKind, at: number) {
    this.lastEventAt.set(kind, at);
    // At most one storage write per kind per KEEP_EVENT_MS: the first event of a quiet room is kept
    // at once, a burst (a fleet reconnecting: one deviceOnline each) by one more write at the end
    // of the interval. Memory is exact meanwhile; the room does not hibernate with a timer pending.
    const pending = this.keeping.get(kind);
    if (pending === undefined) {
      this.keep(kind, at);
      this.keeping.set(kind, false);
      setTimeout(() => {
        const later = this.keeping.get(kind);
        this.keeping.delete(kind);
        const last = this.lastEventAt.get(kind);
        if (later && typeof last === "number") this.keep(kind, last);
      }, KEEP_EVENT_MS);
    } else if (!pending) {
      this.keeping.set(kind, true);
    }
  }

  private keep(kind: EventKind, at: number) {
    // Unconfirmed: the event's fan-out must not wait for this write (a confirmed write holds the
    // room's outgoing messages until it is durable). Losing it in a crash costs a refetch at most.
    this.storage.put(lastEventKey(kind), at, { allowUnconfirmed: true }).catch((error: unknown) => {
      console.error("keeping the last event's time failed", error);
    });
  }
}

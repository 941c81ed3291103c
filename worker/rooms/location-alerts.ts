import type { Env } from "../env.ts";
import { type AppHealth, type DeviceFacts, HEALTH_RULE_MIN } from "../services/alerting/conditions.ts";
import { type AlertContext, CONTEXT_TTL_MS, loadContext } from "../services/alerting/context.ts";
import { d1Port } from "../services/alerting/d1-port.ts";
import { type EngineState, emptyState, evaluate, forgetIncident } from "../services/alerting/engine.ts";
import { enqueueNotifications } from "../services/alerting/queue.ts";
import { incidentEventOf, incidentOf } from "../services/alerting/records.ts";
import { applyChange, type Enqueue } from "../services/alerting/store.ts";
import { publishToSpace } from "../services/kernel/realtime.ts";

/**
 * A transition of one device, told to its location's room by whoever saw it (the DeviceRoom's
 * presence and telemetry writes, its command broker, the applications report). Only the fields
 * that changed are sent. `at` (ms) is for tests and the developer routes: the clock they control.
 */
export type AlertSignal = {
  space_uuid: string;
  location_uuid: string;
  device_uuid: string;
  name?: string;
  online?: boolean;
  /** Heading / monitored peripheral type → health code (0–3), as last graded. */
  health?: Record<string, number>;
  /** Extension point for display applications (contracts/admin/applications.ts appStatus): ok, crashed, crash loop. */
  app?: AppHealth;
  command_failed?: boolean;
  at?: number;
};

export type AlertHost = {
  env: Env;
  storage: DurableObjectStorage;
  armAlarm(at: number): Promise<void>;
};

const STATE = "alerting:state";
const UNSENT = "alerting:unsent";
const CONTEXT = "alerting:context";
/** A context read for a device the room does not know happens at most this often. */
const FORCED_READ_MS = 60_000;
/** The failures a device keeps (the longest window a rule may ask about is its duration). */
const MAX_FAILURES = 100;

/**
 * The alert evaluation of one LocationRoom: device facts kept from transitions, the engine's
 * state in the room's storage, the room's alarm for durations, recoveries, window and
 * working-hour edges. Evaluations run one at a time (their D1 writes are awaited in order).
 */
export class LocationAlerts {
  private chain: Promise<unknown> = Promise.resolve();
  private context: AlertContext | null = null;
  private state: EngineState | null = null;
  private forcedAt = 0;

  constructor(private readonly host: AlertHost) {}

  private run<T>(job: () => Promise<T>): Promise<T> {
    const next = this.chain.then(job, job);
    this.chain = next.catch((error: unknown) => console.error("alert evaluation failed", error));
    return next;
  }

  private kv() {
    return this.host.storage.kv;
  }

  private engine(): EngineState {
    this.state ??= this.kv().get<EngineState>(STATE) ?? emptyState();
    return this.state;
  }

  /** Whether using the context for `locationUuid` now means reading it from D1. */
  private stale(locationUuid: string): boolean {
    this.context ??= this.kv().get<AlertContext>(CONTEXT) ?? null;
    return (
      !this.context ||
      this.context.location.uuid !== locationUuid ||
      Date.now() - this.context.loaded_at > CONTEXT_TTL_MS
    );
  }

  private async contextFor(locationUuid: string, force = false): Promise<AlertContext | null> {
    if (force || this.stale(locationUuid)) {
      const fresh = await loadContext(this.host.env, locationUuid, Date.now());
      if (fresh && this.context) {
        // What D1 does not hold (applications, command failures) carries over.
        for (const d of fresh.devices) {
          const old = this.context.devices.find((o) => o.uuid === d.uuid);
          if (old) Object.assign(d, { app: old.app, failures: old.failures });
        }
      }
      if (fresh) fresh.loaded_at = Date.now();
      this.context = fresh;
    }
    return this.context;
  }

  /** A device's transition: kept in the facts, then the rules are evaluated. */
  signal(s: AlertSignal) {
    return this.run(async () => {
      const now = s.at ?? Date.now();
      // A device coming online, or reporting health no rule can call a problem, can only end a
      // condition (see harmless). With none pending and no incident open it changes nothing, so it reads no context:
      // a fleet reconnecting after an outage wakes every location's room with such signals, each a
      // batch of nine reads otherwise. The next read (offline, a problem, a rule change) takes the
      // device's state from D1.
      if (harmless(s) && this.quiet() && this.stale(s.location_uuid)) return;
      let ctx = await this.contextFor(s.location_uuid);
      if (!ctx) return;
      let device = ctx.devices.find((d) => d.uuid === s.device_uuid);
      if (!device) {
        // A device new here (installed or moved in since the last read): read again — at most once a
        // minute, so a device the rules never see (disabled, not installed) costs no read per transition.
        if (Date.now() - this.forcedAt < FORCED_READ_MS) return;
        this.forcedAt = Date.now();
        ctx = await this.contextFor(s.location_uuid, true);
        device = ctx?.devices.find((d) => d.uuid === s.device_uuid);
        if (!ctx || !device) return;
      }
      applySignal(device, s, now);
      await this.evaluate(ctx, now);
    });
  }

  /** No condition is being timed and no incident is open. */
  private quiet(): boolean {
    const state = this.engine();
    return Object.keys(state.trackers).length === 0 && Object.keys(state.incidents).length === 0;
  }

  /** The alarm, or a clock the caller controls (tests, developer routes). */
  tick(at?: number, locationUuid?: string) {
    return this.run(async () => {
      const now = at ?? Date.now();
      const uuid = locationUuid ?? this.context?.location.uuid ?? this.kv().get<AlertContext>(CONTEXT)?.location.uuid;
      if (!uuid) return;
      const ctx = await this.contextFor(uuid);
      if (ctx) await this.evaluate(ctx, now);
    });
  }

  /** Rules or maintenance windows changed: read them again now and evaluate. */
  refresh(locationUuid: string, at?: number) {
    return this.run(async () => {
      const now = at ?? Date.now();
      const ctx = await this.contextFor(locationUuid, true);
      if (ctx) await this.evaluate(ctx, now);
    });
  }

  /** Resolved by hand: forgotten, so a condition still holding opens a new incident later. */
  forget(incidentUuid: string, at?: number) {
    return this.run(async () => {
      if (forgetIncident(this.engine(), incidentUuid, at ?? Date.now())) this.kv().put(STATE, this.engine());
    });
  }

  /** Puts notifications on the Queue; what it refuses is kept and sent again later (never lost). */
  private async enqueue(items: Enqueue[]) {
    try {
      await enqueueNotifications(this.host.env, items);
    } catch (error) {
      console.error("alert enqueue failed; kept for the next alarm", error);
      this.kv().put(UNSENT, [...(this.kv().get<Enqueue[]>(UNSENT) ?? []), ...items].slice(-1000));
    }
  }

  private async evaluate(ctx: AlertContext, now: number) {
    const state = this.engine();
    const { changes, nextAt } = evaluate(state, ctx.location, ctx.devices, ctx.rules, now);
    const port = d1Port(this.host.env.DB);
    const space = ctx.location.space_uuid;
    for (const change of changes) {
      const applied = await applyChange(port, space, ctx.location, change, now);
      if (!applied.row) {
        forgetIncident(state, change.incident_uuid, now);
        continue;
      }
      await this.enqueue(applied.enqueue);
      try {
        await publishToSpace(this.host.env, space, incidentEventOf(space, incidentOf(applied.row), change.opened));
      } catch (error) {
        console.error("incident publish failed", error);
      }
    }
    this.kv().put(STATE, state);
    this.kv().put(CONTEXT, ctx);
    // Notifications written but not yet on the Queue (it refused them): tried again now and at the next alarm.
    const unsent = this.kv().get<Enqueue[]>(UNSENT) ?? [];
    if (unsent.length) {
      this.kv().delete(UNSENT);
      await this.enqueue(unsent);
    }
    if ((this.kv().get<Enqueue[]>(UNSENT) ?? []).length) await this.host.armAlarm(Date.now() + 30_000);
    // Working hours and windows are watched only while something is pending; the facts lapse too.
    const next = nextAt ?? (Object.keys(state.incidents).length ? now + CONTEXT_TTL_MS : null);
    if (next !== null && next > Date.now()) await this.host.armAlarm(next);
  }
}

/**
 * A signal no rule can turn into a problem, whose facts D1 holds: not offline, health codes under
 * every rule's lowest level (warning), no failed command. Its name, if sent, is read with the context
 * when one is next needed. An application's state is never harmless here: D1 does not hold it, so
 * the next read carries the kept one over, and a skipped "ok" would leave a crash standing.
 */
const harmless = (s: AlertSignal) =>
  s.online !== false &&
  Object.values(s.health ?? {}).every((code) => code < HEALTH_RULE_MIN) &&
  s.app === undefined &&
  !s.command_failed;

function applySignal(device: DeviceFacts, s: AlertSignal, now: number) {
  if (s.name) device.name = s.name;
  if (s.online !== undefined) device.online = s.online;
  if (s.health) device.health = { ...device.health, ...s.health };
  if (s.app) device.app = s.app;
  if (s.command_failed) device.failures = [...device.failures, now].slice(-MAX_FAILURES);
}

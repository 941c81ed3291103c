// A location's alert evaluation: per rule and entity, trackers with hysteresis; when the next evaluation is due.
import {
  type DeviceFacts,
  deviceCondition,
  failureWindowMs,
  inScope,
  type LocationFacts,
  locationCondition,
  nextHoursChange,
  type Rule,
  respectsWorkingHours,
} from "./conditions.ts";
import { type EngineState, type IncidentChange, resolvedChange, step } from "./incident-step.ts";

/*
 * A location's alert evaluation, as pure functions over a state the LocationRoom keeps in its
 * storage. Each (rule, device) — or (rule, the location) for location conditions — has a tracker:
 * the raw condition and since when it holds. The condition must hold for the rule's duration to
 * put the device in the rule's incident, and its absence must hold as long to take it out
 * (hysteresis). The incident is one per (rule, location): it opens with its first device and
 * resolves with its last. It notifies when it starts to count (opened, reopened, unsuppressed) —
 * never on a device joining — and at most once per RENOTIFY_MS: an incident resolved less than
 * REOPEN_MS ago is reopened, not opened anew. So a device flapping every 30 s for an hour
 * notifies at most twice.
 */

export {
  type EngineState,
  emptyState,
  type IncidentChange,
  RENOTIFY_MS,
  REOPEN_MS,
  type TimelineItem,
} from "./incident-step.ts";
/** The room's alarm lands on these steps, so transitions due within one step are written together. */
export const ALARM_STEP_MS = 5000;
/** The tracker of a location-level condition. */
const LOCATION = "@location";

const key = (rule: string, entity: string) => `${rule}|${entity}`;

/** The raw condition per entity of a rule at this location, and the devices each entity lists. */
function conditionsOf(rule: Rule, location: LocationFacts, devices: readonly DeviceFacts[], now: number) {
  const scoped = devices.filter((d) => inScope(rule.scope, location, d));
  const raw = new Map<string, boolean>();
  if (rule.condition.kind === "location_offline") {
    raw.set(LOCATION, locationCondition(rule, scoped));
  } else {
    for (const d of scoped) raw.set(d.uuid, deviceCondition(rule, d, now));
  }
  return { scoped, raw };
}

export type Evaluation = { changes: IncidentChange[]; nextAt: number | null };

/**
 * One evaluation at `now`: trackers follow the facts, due trackers move devices in or out,
 * incidents open, change, get (un)suppressed or resolve. Mutates `state`; returns the changes
 * and when the next evaluation is due (a tracker's duration ending, a window or the hours
 * changing), or null.
 */
export function evaluate(
  state: EngineState,
  location: LocationFacts,
  devices: readonly DeviceFacts[],
  rules: readonly Rule[],
  now: number,
  newId: () => string = () => crypto.randomUUID(),
): Evaluation {
  const changes: IncidentChange[] = [];
  let nextAt: number | null = null;
  // Rounded up to ALARM_STEP_MS: devices falling due together (a site going dark) join in one change.
  const due = (at: number) => {
    const step = Math.ceil(at / ALARM_STEP_MS) * ALARM_STEP_MS;
    if (step > now && (nextAt === null || step < nextAt)) nextAt = step;
  };
  const byUuid = new Map(devices.map((d) => [d.uuid, d]));
  const live = new Set<string>();

  for (const rule of rules) {
    if (!rule.enabled) continue;
    live.add(rule.uuid);
    const hold = rule.duration_s * 1000;
    const { scoped, raw } = conditionsOf(rule, location, devices, now);
    // Trackers of entities that left the scope (or the location) count as recovered.
    for (const k of Object.keys(state.trackers)) {
      const [r, entity] = k.split("|");
      if (r === rule.uuid && !raw.has(entity)) raw.set(entity, false);
    }
    const members = new Set<string>();
    for (const [entity, value] of raw) {
      const k = key(rule.uuid, entity);
      let t = state.trackers[k];
      if (!t) {
        if (!value) continue;
        t = { raw: true, since: now, in: false };
        state.trackers[k] = t;
      } else if (t.raw !== value) {
        t.raw = value;
        t.since = now;
      }
      if (t.raw && !t.in && now >= t.since + hold) t.in = true;
      if (!t.raw && t.in && now >= t.since + hold) t.in = false;
      if (t.raw !== t.in) due(t.since + hold);
      if (!t.raw && !t.in) delete state.trackers[k];
      if (t.in) members.add(entity);
    }
    if (rule.condition.kind === "command_failures") {
      // A failure ageing out may end the condition: look again then.
      for (const d of scoped) for (const at of d.failures) due(at + failureWindowMs(rule) + 1);
    }
    // The devices an incident lists: the members, or for a location condition its offline devices.
    const listed = new Map<string, { name: string; since: number }>();
    if (rule.condition.kind === "location_offline") {
      if (members.has(LOCATION)) {
        const since = state.trackers[key(rule.uuid, LOCATION)]?.since ?? now;
        for (const d of scoped) if (!d.online) listed.set(d.uuid, { name: d.name, since });
      }
    } else {
      for (const uuid of members) {
        const d = byUuid.get(uuid);
        const since = state.trackers[key(rule.uuid, uuid)]?.since ?? now;
        listed.set(uuid, { name: d?.name ?? uuid, since });
      }
    }
    const change = step(state, rule, location, listed, members.size > 0, now, newId, byUuid);
    if (change) changes.push(change);
    const inc = state.incidents[rule.uuid];
    if (inc && (respectsWorkingHours(rule) || inc.reason !== null)) {
      const hours = nextHoursChange(location, now);
      if (hours !== null) due(hours);
    }
    if (inc || Object.keys(state.trackers).some((k) => k.startsWith(`${rule.uuid}|`))) {
      for (const w of location.maintenance) {
        due(w.start);
        due(w.end);
      }
    }
  }
  // Rules deleted or disabled: their incidents resolve, their trackers go.
  for (const ruleUuid of Object.keys(state.incidents)) {
    if (live.has(ruleUuid)) continue;
    const inc = state.incidents[ruleUuid];
    delete state.incidents[ruleUuid];
    changes.push(resolvedChange(ruleUuid, inc, now, "The rule was disabled or deleted."));
  }
  for (const k of Object.keys(state.trackers)) if (!live.has(k.split("|")[0])) delete state.trackers[k];
  return { changes, nextAt };
}

/**
 * An incident resolved by hand: the room forgets it and re-arms its trackers, so a condition
 * still holding opens a new incident after the rule's duration (not a reopening).
 */
export function forgetIncident(state: EngineState, incidentUuid: string, now: number): boolean {
  const entry = Object.entries(state.incidents).find(([, inc]) => inc.uuid === incidentUuid);
  if (!entry) return false;
  const [ruleUuid] = entry;
  delete state.incidents[ruleUuid];
  delete state.resolved[ruleUuid];
  for (const [k, t] of Object.entries(state.trackers)) {
    if (!k.startsWith(`${ruleUuid}|`)) continue;
    if (t.raw) Object.assign(t, { in: false, since: now });
    else delete state.trackers[k];
  }
  return true;
}

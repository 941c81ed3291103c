// One rule's incident through an evaluation — opened, reopened, members, suppressed, resolved — and the engine's state.
import type { IncidentDevice, SuppressedReason } from "../../../contracts/alerting/schema.ts";
import {
  type DeviceFacts,
  isOpen,
  type LocationFacts,
  maintenanceCovers,
  type Rule,
  respectsWorkingHours,
} from "./conditions.ts";

/** A resolved incident that comes back within this is the same incident, reopened. */
export const REOPEN_MS = 60 * 60_000;
/** An incident notifies at most once per this, whatever it does in between. */
export const RENOTIFY_MS = 60 * 60_000;

export type Tracker = { raw: boolean; since: number; in: boolean };
export type LiveIncident = {
  uuid: string;
  opened_at: number;
  members: Record<string, { name: string; since: number }>;
  reason: SuppressedReason | null;
  notified_at: number | null;
};

export type EngineState = {
  trackers: Record<string, Tracker>;
  incidents: Record<string, LiveIncident>;
  /** The last resolved incident per rule: reopened when the rule fires again within REOPEN_MS. */
  resolved: Record<string, { uuid: string; at: number; opened_at: number; notified_at: number | null }>;
};

export const emptyState = (): EngineState => ({ trackers: {}, incidents: {}, resolved: {} });

export type TimelineItem = {
  kind: "opened" | "device_joined" | "device_left" | "resolved" | "suppressed" | "unsuppressed";
  at: number;
  device?: { uuid: string; name: string };
  note?: string;
};

/** What happened to one rule's incident in one evaluation: the store writes it in one batch. */
export type IncidentChange = {
  rule_uuid: string;
  /** null when the rule is gone (its incidents resolve). */
  rule: Rule | null;
  incident_uuid: string;
  /** Written as a new row (or a resolved one reopened). */
  opened: boolean;
  reopened: boolean;
  state: "open" | "suppressed" | "resolved";
  reason: SuppressedReason | null;
  devices: IncidentDevice[];
  opened_at: number;
  timeline: TimelineItem[];
  /** Put on the rule's channels now. */
  notify: boolean;
  /** When the condition began (the earliest member's since): detection → notification latency. */
  detected_at: number;
};

const iso = (ms: number) => new Date(ms).toISOString();

export function resolvedChange(ruleUuid: string, inc: LiveIncident, now: number, note?: string): IncidentChange {
  const timeline: TimelineItem[] = Object.entries(inc.members).map(([uuid, m]) => ({
    kind: "device_left",
    at: now,
    device: { uuid, name: m.name },
  }));
  timeline.push({ kind: "resolved", at: now, ...(note ? { note } : {}) });
  return {
    rule_uuid: ruleUuid,
    rule: null,
    incident_uuid: inc.uuid,
    opened: false,
    reopened: false,
    state: "resolved",
    reason: null,
    devices: [],
    opened_at: inc.opened_at,
    timeline,
    notify: false,
    detected_at: inc.opened_at,
  };
}

/** One rule's incident after its members are known. */
export function step(
  state: EngineState,
  rule: Rule,
  location: LocationFacts,
  listed: Map<string, { name: string; since: number }>,
  firing: boolean,
  now: number,
  newId: () => string,
  byUuid: Map<string, DeviceFacts>,
): IncidentChange | null {
  let inc = state.incidents[rule.uuid];
  const timeline: TimelineItem[] = [];
  let opened = false;
  let reopened = false;
  if (!inc && !firing) return null;
  if (!inc) {
    const last = state.resolved[rule.uuid];
    reopened = last !== undefined && now - last.at < REOPEN_MS;
    inc = {
      uuid: reopened && last ? last.uuid : newId(),
      opened_at: reopened && last ? last.opened_at : now,
      members: {},
      reason: null,
      notified_at: reopened && last ? last.notified_at : null,
    };
    state.incidents[rule.uuid] = inc;
    opened = true;
    timeline.push({ kind: "opened", at: now, ...(reopened ? { note: "Reopened: the condition came back." } : {}) });
  }
  const wasCounting = !opened && inc.reason === null;
  for (const [uuid, m] of listed) {
    if (!inc.members[uuid]) timeline.push({ kind: "device_joined", at: now, device: { uuid, name: m.name } });
  }
  for (const [uuid, m] of Object.entries(inc.members)) {
    if (!listed.has(uuid)) timeline.push({ kind: "device_left", at: now, device: { uuid, name: m.name } });
  }
  if (!firing) {
    delete state.incidents[rule.uuid];
    state.resolved[rule.uuid] = { uuid: inc.uuid, at: now, opened_at: inc.opened_at, notified_at: inc.notified_at };
    const change = resolvedChange(rule.uuid, { ...inc, members: {} }, now);
    return { ...change, rule, timeline: [...timeline, ...change.timeline] };
  }
  inc.members = Object.fromEntries(listed);
  const facts = [...listed.keys()].map((u) => byUuid.get(u)).filter((d): d is DeviceFacts => d !== undefined);
  const reason: SuppressedReason | null = maintenanceCovers(location, facts, now)
    ? "maintenance"
    : respectsWorkingHours(rule) && !isOpen(location, now)
      ? "outside_working_hours"
      : null;
  if (reason !== inc.reason) {
    if (reason) timeline.push({ kind: "suppressed", at: now, note: reason });
    else if (!opened) timeline.push({ kind: "unsuppressed", at: now });
    inc.reason = reason;
  }
  const counting = reason === null;
  const notify = counting && !wasCounting && (inc.notified_at === null || now - inc.notified_at >= RENOTIFY_MS);
  if (notify) inc.notified_at = now;
  if (timeline.length === 0) return null;
  const devices = Object.entries(inc.members).map(([uuid, m]) => ({ uuid, name: m.name, since: iso(m.since) }));
  return {
    rule_uuid: rule.uuid,
    rule,
    incident_uuid: inc.uuid,
    opened,
    reopened,
    state: counting ? "open" : "suppressed",
    reason,
    devices,
    opened_at: inc.opened_at,
    timeline,
    notify,
    detected_at: Math.min(...[...listed.values()].map((m) => m.since)),
  };
}

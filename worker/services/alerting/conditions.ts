import type { AlertCondition, AlertScope } from "../../../contracts/alerting/schema.ts";
import { insideWorkingHours, type WeeklySchedule } from "../locations/working-hours.ts";

/*
 * What a LocationRoom knows of its devices and itself, and the pure tests of a rule's condition
 * and scope against it. No I/O: the room keeps the facts current from the transitions it hears.
 */

export type AppHealth = "ok" | "crashed" | "crash_loop";

export type DeviceFacts = {
  uuid: string;
  name: string;
  type_uuid: string | null;
  tags: string[];
  online: boolean;
  /** Device heading (cpu, thermal …) or monitored peripheral type → its health code (0–3). */
  health: Record<string, number>;
  app: AppHealth;
  /** When its recent commands failed or timed out (ms), oldest first. */
  failures: number[];
};

export type MaintenanceSpan = {
  uuid: string;
  scope_kind: "location" | "group" | "tag";
  scope_uuid: string;
  start: number;
  end: number;
};

export type LocationFacts = {
  uuid: string;
  name: string;
  space_uuid: string;
  group_uuids: string[];
  tag_uuids: string[];
  /** The schedule it follows and its clock; null: no working time set (always working). */
  hours: { schedule: WeeklySchedule; time_zone: string } | null;
  maintenance: MaintenanceSpan[];
};

export type Rule = {
  uuid: string;
  name: string;
  condition: AlertCondition;
  scope: AlertScope;
  duration_s: number;
  channels: string[];
  enabled: boolean;
};

const LEVEL = { warning: 2, critical: 3 } as const;
/** The lowest health code a health rule can ask for: a lower one is never a problem. */
export const HEALTH_RULE_MIN = Math.min(...Object.values(LEVEL));

/** Whether a device belongs to a rule's scope (at this location). */
export function inScope(scope: AlertScope, location: LocationFacts, device: DeviceFacts): boolean {
  const has = (values: readonly (string | null)[]) => values.some((v) => v !== null && scope.uuids.includes(v));
  switch (scope.kind) {
    case "all":
      return true;
    case "locations":
      return has([location.uuid]);
    case "groups":
      return has(location.group_uuids);
    case "tags":
      return has(device.tags) || has(location.tag_uuids);
    case "device_types":
      return has([device.type_uuid]);
  }
}

/** How far back command failures count: the rule's duration, at least a minute. */
export const failureWindowMs = (rule: Rule) => Math.max(rule.duration_s, 60) * 1000;

/** Whether one device is in a device-level condition now. */
export function deviceCondition(rule: Rule, device: DeviceFacts, now: number): boolean {
  const c = rule.condition;
  switch (c.kind) {
    case "device_offline":
      return !device.online;
    case "health": {
      const min = LEVEL[c.level];
      return Object.entries(device.health).some(
        ([key, code]) => code >= min && (c.headings.length === 0 || c.headings.includes(key)),
      );
    }
    case "application_crashed":
      return device.app === "crash_loop" || (!c.crash_loop_only && device.app === "crashed");
    case "command_failures": {
      const since = now - failureWindowMs(rule);
      return device.failures.filter((at) => at > since).length >= c.min_failures;
    }
    case "location_offline":
      return false;
  }
}

/** Whether the location as a whole is in a location-level condition (over the devices in scope). */
export function locationCondition(rule: Rule, devices: readonly DeviceFacts[]): boolean {
  if (rule.condition.kind !== "location_offline" || devices.length === 0) return false;
  const offline = devices.filter((d) => !d.online).length;
  return rule.condition.level === "full" ? offline === devices.length : offline > 0;
}

/** Offline conditions wait for working hours unless the rule says otherwise. */
export const respectsWorkingHours = (rule: Rule) =>
  (rule.condition.kind === "device_offline" || rule.condition.kind === "location_offline") &&
  !rule.condition.outside_working_hours;

export const isOpen = (location: LocationFacts, now: number) =>
  location.hours === null || insideWorkingHours(location.hours.schedule, location.hours.time_zone, new Date(now));

/** The maintenance windows covering the location (itself, one of its groups or tags) or one of `devices` (by tag) now. */
export function maintenanceCovers(location: LocationFacts, devices: readonly DeviceFacts[], now: number): boolean {
  return location.maintenance.some((w) => {
    if (now < w.start || now >= w.end) return false;
    if (w.scope_kind === "location") return w.scope_uuid === location.uuid;
    if (w.scope_kind === "group") return location.group_uuids.includes(w.scope_uuid);
    return (
      location.tag_uuids.includes(w.scope_uuid) ||
      (devices.length > 0 && devices.every((d) => d.tags.includes(w.scope_uuid)))
    );
  });
}

const MINUTE = 60_000;
/**
 * The next moment (to the minute, within 8 days) the location opens or closes after `now`; null
 * when it never changes. A walk of minutes in 15-minute strides, refined to the minute.
 */
export function nextHoursChange(location: LocationFacts, now: number): number | null {
  if (!location.hours) return null;
  const start = Math.floor(now / MINUTE) * MINUTE;
  const open = isOpen(location, now);
  for (let at = start + 15 * MINUTE; at <= now + 8 * 24 * 60 * MINUTE; at += 15 * MINUTE) {
    if (isOpen(location, at) !== open) {
      let t = at - 15 * MINUTE;
      while (isOpen(location, t) === open) t += MINUTE;
      return Math.max(t, now + 1000);
    }
  }
  return null;
}

import type { IncidentChange } from "./engine.ts";
import type { IncidentRow } from "./records.ts";
import { type SqlPort, type Stmt, stmt } from "./sql-port.ts";

/*
 * An incident change from a LocationRoom, written to D1 in ONE batch: the incident row (upserted;
 * an acknowledgement survives, a hand-resolved incident is not resurrected), its timeline, and —
 * when it notifies — per channel: sent at once when the channel sent nothing in the last
 * DIGEST_WINDOW_MS (which opens that window); otherwise added to the channel's gathering digest,
 * or a new digest due DIGEST_GATHER_MS later and at least a window after the previous one. The
 * choice is made inside the batch (D1 runs a batch as one transaction), so the rooms of many
 * locations opening incidents at once agree: a region-wide outage is one notification and one
 * digest per channel, and never more than one digest per channel per window.
 */

/** After an incident went out at once, the channel's further incidents go into digests for this long… */
export const DIGEST_WINDOW_MS = 5 * 60_000;
/** …a digest gathers for this long after its first incident, and digests are a window apart. */
export const DIGEST_GATHER_MS = 15_000;

export type Enqueue = { notification_uuid: string; delay_s: number };
export type Applied = { row: IncidentRow | null; enqueue: Enqueue[]; statements: number };

const iso = (ms: number) => new Date(ms).toISOString();
const isOpen = "exists (select 1 from incident where uuid = ? and state = 'open')";

export function changeStatements(
  space: string,
  location: { uuid: string; name: string },
  change: IncidentChange,
  now: number,
  newId: () => string = () => crypto.randomUUID(),
): { stmts: Stmt[]; returning: number; notifications: { digest: number; immediate: number }[] } {
  const at = iso(now);
  const inc = change.incident_uuid;
  const stmts: Stmt[] = [];
  const resolved = change.state === "resolved";
  const reopen = change.opened ? 1 : 0;
  if (change.opened && change.rule) {
    // A live incident the room no longer knows (its storage was lost): resolved, so this one may open.
    stmts.push(
      stmt(
        "update incident set state = 'resolved', resolved_at = ?, updated_at = ? where rule_uuid = ? and location_uuid = ? and state <> 'resolved' and uuid <> ?",
        at,
        at,
        change.rule_uuid,
        location.uuid,
        inc,
      ),
    );
  }
  const devices = JSON.stringify(change.devices);
  const returning = stmts.length;
  stmts.push(
    stmt(
      `insert into incident (uuid, space_uuid, rule_uuid, rule_name, condition_kind, location_uuid, location_name, state,
         suppressed_reason, devices, peak_devices, opened_at, notified_at, resolved_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (uuid) do update set
         state = case when excluded.state = 'resolved' then 'resolved'
                      when incident.acknowledged_at is not null and ? = 0 then 'acknowledged'
                      else excluded.state end,
         suppressed_reason = excluded.suppressed_reason,
         devices = excluded.devices,
         peak_devices = max(incident.peak_devices, excluded.peak_devices),
         notified_at = coalesce(excluded.notified_at, incident.notified_at),
         resolved_at = excluded.resolved_at,
         resolved_by_uuid = case when ? = 1 then null else incident.resolved_by_uuid end,
         resolved_by_name = case when ? = 1 then null else incident.resolved_by_name end,
         acknowledged_by_uuid = case when ? = 1 then null else incident.acknowledged_by_uuid end,
         acknowledged_by_name = case when ? = 1 then null else incident.acknowledged_by_name end,
         acknowledged_at = case when ? = 1 then null else incident.acknowledged_at end,
         updated_at = excluded.updated_at
       where incident.state <> 'resolved' or ? = 1
       returning *`,
      inc,
      space,
      change.rule_uuid,
      change.rule?.name ?? "",
      change.rule?.condition.kind ?? "device_offline",
      location.uuid,
      location.name,
      change.state,
      change.reason,
      devices,
      change.devices.length,
      iso(change.opened_at),
      change.notify ? at : null,
      resolved ? at : null,
      at,
      reopen,
      reopen,
      reopen,
      reopen,
      reopen,
      reopen,
      reopen,
    ),
  );
  const items = change.timeline.map((t) => ({
    at: iso(t.at),
    kind: t.kind,
    device_uuid: t.device?.uuid ?? null,
    device_name: t.device?.name ?? null,
    note: t.note ?? null,
  }));
  if (items.length) {
    // One statement for any number of entries (D1 binds at most 100 parameters): a JSON array.
    stmts.push(
      stmt(
        `insert into incident_event (space_uuid, incident_uuid, at, kind, device_uuid, device_name, note)
         select ?, ?, json_extract(value, '$.at'), json_extract(value, '$.kind'), json_extract(value, '$.device_uuid'),
                json_extract(value, '$.device_name'), json_extract(value, '$.note')
         from json_each(?) where exists (select 1 from incident where uuid = ?)`,
        space,
        inc,
        JSON.stringify(items),
        inc,
      ),
    );
  }
  const notifications: { digest: number; immediate: number }[] = [];
  if (change.notify && change.rule) {
    const floor = iso(now - DIGEST_WINDOW_MS);
    const subject = `[Outpost] ${change.rule.name}: ${change.devices.length} device(s) at ${location.name}`;
    // The digest's due time: DIGEST_GATHER_MS from now, and never sooner than a window after the last one.
    const due = `max(?, coalesce(strftime('%Y-%m-%dT%H:%M:%fZ', ch.digest_due_at, '+${DIGEST_WINDOW_MS / 1000} seconds'), ''))`;
    for (const channel of change.rule.channels) {
      const windowOpen = "ch.window_started_at is not null and ch.window_started_at > ?";
      const live = "ch.uuid = ? and ch.space_uuid = ? and ch.enabled = 1";
      stmts.push(
        stmt(
          `insert into incident_event (space_uuid, incident_uuid, at, kind, channel_uuid, channel_name, channel_kind, note)
           select ?, ?, ?, 'notified', ch.uuid, ch.name, ch.kind,
                  case when ${windowOpen} then 'Added to the channel''s digest' else 'Queued' end
           from alert_channel ch where ${live} and ${isOpen}`,
          space,
          inc,
          at,
          floor,
          channel,
          space,
          inc,
        ),
      );
      // The window is open and a digest is gathering: the incident joins it.
      stmts.push(
        stmt(
          `update alert_notification set incidents = json_insert(incidents, '$[#]', ?)
           where uuid = (select ch.digest_uuid from alert_channel ch where ${live} and ${windowOpen})
             and state = 'pending' and ${isOpen}`,
          inc,
          channel,
          space,
          floor,
          inc,
        ),
      );
      // The window is open and no digest gathers: a new one, due in DIGEST_GATHER_MS (or a window after the last).
      const digestUuid = newId();
      const digest = stmts.length;
      stmts.push(
        stmt(
          `insert into alert_notification (uuid, space_uuid, channel_uuid, incident_uuid, kind, idempotency_key, subject, incidents, detected_at, created_at)
           select ?, ch.space_uuid, ch.uuid, null, 'digest', 'digest:' || ?, ?, json_array(?), ?, ${due}
           from alert_channel ch where ${live} and ${windowOpen} and ch.digest_uuid is null and ${isOpen}
           returning uuid, created_at as due_at`,
          digestUuid,
          digestUuid,
          "[Outpost] Incident digest",
          inc,
          iso(change.detected_at),
          iso(now + DIGEST_GATHER_MS),
          channel,
          space,
          floor,
          inc,
        ),
      );
      stmts.push(
        stmt(
          `update alert_channel set digest_uuid = ?, digest_due_at = (select created_at from alert_notification where uuid = ?)
           where uuid = ? and space_uuid = ? and digest_uuid is null and exists (select 1 from alert_notification where uuid = ?)`,
          digestUuid,
          digestUuid,
          channel,
          space,
          digestUuid,
        ),
      );
      // The window is closed: this incident goes out at once and opens it.
      const immediate = stmts.length;
      stmts.push(
        stmt(
          `insert into alert_notification (uuid, space_uuid, channel_uuid, incident_uuid, kind, idempotency_key, subject, incidents, detected_at, created_at)
           select ?, ch.space_uuid, ch.uuid, ?, 'incident', ?, ?, json_array(?), ?, ?
           from alert_channel ch where ${live} and not (${windowOpen}) and ${isOpen}
           on conflict (idempotency_key) do nothing
           returning uuid`,
          newId(),
          inc,
          `incident:${inc}:${now}:${channel}`,
          subject,
          inc,
          iso(change.detected_at),
          at,
          channel,
          space,
          floor,
          inc,
        ),
      );
      stmts.push(
        stmt(
          `update alert_channel set window_started_at = ? where uuid = ? and space_uuid = ? and enabled = 1
             and (window_started_at is null or window_started_at <= ?) and ${isOpen}`,
          at,
          channel,
          space,
          floor,
          inc,
        ),
      );
      notifications.push({ digest, immediate });
    }
  }
  return { stmts, returning, notifications };
}

/** Writes one change; returns the incident after it (null: resolved by hand meanwhile) and what to enqueue. */
export async function applyChange(
  port: SqlPort,
  space: string,
  location: { uuid: string; name: string },
  change: IncidentChange,
  now: number,
): Promise<Applied> {
  const { stmts, returning, notifications } = changeStatements(space, location, change, now);
  const results = await port.batch(stmts);
  const row = (results[returning]?.[0] as IncidentRow | undefined) ?? null;
  const enqueue: Enqueue[] = [];
  for (const n of notifications) {
    const first = results[n.immediate]?.[0];
    if (first) enqueue.push({ notification_uuid: String(first.uuid), delay_s: 0 });
    const digest = results[n.digest]?.[0];
    // A new digest goes out when it is due (the incidents joining it meanwhile go with it).
    if (digest) {
      const delay = Math.max(1, Math.ceil((Date.parse(String(digest.due_at)) - now) / 1000));
      enqueue.push({ notification_uuid: String(digest.uuid), delay_s: delay });
    }
  }
  return { row, enqueue, statements: stmts.length };
}

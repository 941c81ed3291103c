import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { WEBHOOK_HEADERS } from "../../../contracts/alerting/schema.ts";
import {
  alertChannelTable as ch,
  incidentEventTable,
  incidentTable,
  alertNotificationTable as n,
  notificationPreferenceTable as pref,
  spaceAccountTable,
  spaceTable,
  userTable,
} from "../../../drizzle/schema/index.ts";
import { getConfig } from "../../config.ts";
import type { Env } from "../../env.ts";
import { createDb } from "../../lib/db.ts";
import { deliverMail, outboxInsert } from "../kernel/mail.ts";
import { backoffSeconds, DEAD_AFTER_MS } from "./backoff.ts";
import { type Message, mailOf, webhookBodyOf } from "./compose.ts";
import { type IncidentRow, incidentOf } from "./records.ts";
import { openSecret } from "./secret.ts";
import { signWebhook } from "./signature.ts";

/*
 * One delivery attempt of one notification (the Queue consumer's work, queue.ts). A notification
 * that is no longer pending is skipped (a redelivered message does nothing twice on our side; the
 * Idempotency-Key does the same on the receiver's). A failure is kept on the notification and the
 * channel; the message is retried with backoff until DEAD_AFTER_MS, then the notification is dead.
 */

export type Deps = { fetch: typeof fetch; now: () => number };
export const defaultDeps: Deps = { fetch: (input, init) => fetch(input, init), now: () => Date.now() };

export type Outcome = { result: "delivered" | "retry" | "dead" | "skipped"; delay_s?: number; error?: string };
type Outbox = { writes: BatchItem<"sqlite">[]; send: () => Promise<void> };
type Sent = { ok: boolean; status: number | null; body: string; error: string | null; outbox?: Outbox };

const clip = (s: string, max = 2000) => (s.length > max ? `${s.slice(0, max)}…` : s);
const iso = (ms: number) => new Date(ms).toISOString();

/** The console's origin for links: PUBLIC_ORIGIN, else the local default. */
const originOf = (env: Env) => getConfig(env).publicOrigin ?? "http://localhost:8787";

type ChannelRow = typeof ch.$inferSelect;

/** Sends `message` on `channel` now; the receiver's answer (webhook) or the outbox's (e-mail). */
export async function send(
  env: Env,
  channel: ChannelRow,
  message: Message,
  deps: Deps,
  opts: { inBatch?: boolean } = {},
): Promise<Sent> {
  const db = createDb(env);
  if (channel.kind === "email") {
    const recipients = await recipientsOf(env, channel, deps.now());
    if (recipients.length === 0) return { ok: true, status: null, body: "No recipient takes e-mail now.", error: null };
    const mails = recipients.map((to) => mailOf(message, to));
    const inserts = await Promise.all(mails.map((m) => outboxInsert(db, env, m)));
    const outbox = {
      writes: inserts.map((i) => i.query),
      send: () =>
        deliverMail(
          { db, env, config: getConfig(env) },
          mails.map((m, i) => ({ ...m, uuid: inserts[i].uuid })),
        ),
    };
    const body = `Written to the outbox for ${recipients.join(", ")}.`;
    // Queued: the outbox rows go in the batch that marks the notification delivered (once, or not at all).
    if (opts.inBatch) return { ok: true, status: null, body, error: null, outbox };
    const [first, ...rest] = outbox.writes;
    if (first) await db.batch([first, ...rest]);
    await outbox.send();
    return { ok: true, status: null, body, error: null };
  }
  const secret = (await openSecret(env, channel.uuid, channel.secret)) ?? "";
  const timestamp = Math.floor(deps.now() / 1000);
  const body = JSON.stringify(webhookBodyOf(message, deps.now()));
  try {
    const res = await deps.fetch(channel.target, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Outpost-Alerting/1",
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: await signWebhook(secret, timestamp, body),
        [WEBHOOK_HEADERS.idempotency]: message.idempotency_key,
        [WEBHOOK_HEADERS.event]: message.kind,
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = clip(await res.text().catch(() => ""));
    return res.ok
      ? { ok: true, status: res.status, body: text, error: null }
      : { ok: false, status: res.status, body: text, error: clip(`HTTP ${res.status}: ${text}`, 500) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, status: null, body: "", error: clip(reason, 500) };
  }
}

/** The addresses of an e-mail channel: its list, or the members who take e-mail for this space now. */
async function recipientsOf(env: Env, channel: ChannelRow, now: number): Promise<string[]> {
  if (channel.target !== "members")
    return channel.target
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const db = createDb(env);
  const rows = await db
    .select({ email: userTable.email, channels: pref.channels, quiet: pref.quiet_hours, spaces: pref.spaces })
    .from(spaceAccountTable)
    .innerJoin(userTable, eq(userTable.uuid, spaceAccountTable.user_uuid))
    .leftJoin(pref, eq(pref.user_uuid, userTable.uuid))
    .where(and(eq(spaceAccountTable.space_uuid, channel.space_uuid), eq(spaceAccountTable.status, "active")));
  return rows
    .filter((r) => (r.channels ?? ["email"]).includes("email"))
    .filter((r) => !r.spaces?.length || r.spaces.includes(channel.space_uuid))
    .filter((r) => !r.quiet || !insideQuietHours(r.quiet, now))
    .map((r) => r.email);
}

/** Whether `now` is inside quiet hours (start–end on their clock; an end before the start runs past midnight). */
export function insideQuietHours(q: { start: string; end: string; time_zone: string }, now: number): boolean {
  let hm: string;
  try {
    hm = new Intl.DateTimeFormat("en-GB", {
      timeZone: q.time_zone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(now);
  } catch {
    return false;
  }
  return q.start <= q.end ? hm >= q.start && hm < q.end : hm >= q.start || hm < q.end;
}

/** The message a stored notification carries: its incidents as they are now. */
async function messageOf(env: Env, row: typeof n.$inferSelect): Promise<Message> {
  const db = createDb(env);
  const [spaces, incidents] = await db.batch([
    db
      .select({ uuid: spaceTable.space_uuid, name: spaceTable.space_name })
      .from(spaceTable)
      .where(eq(spaceTable.space_uuid, row.space_uuid)),
    db
      .select()
      .from(incidentTable)
      .where(
        and(
          eq(incidentTable.space_uuid, row.space_uuid),
          inArray(incidentTable.uuid, row.incidents.length ? row.incidents : [""]),
        ),
      ),
  ]);
  return {
    kind: row.kind,
    idempotency_key: row.idempotency_key,
    space: spaces[0] ?? { uuid: row.space_uuid, name: "" },
    incidents: incidents
      .map((i) => incidentOf(i as unknown as IncidentRow))
      .sort((a, b) => a.opened_at.localeCompare(b.opened_at)),
    origin: originOf(env),
  };
}

/** The notification's incidents as stored now (a digest gathers them until it is sent). */
async function incidentsOf(env: Env, row: typeof n.$inferSelect): Promise<string[]> {
  if (row.kind !== "digest") return row.incidents;
  const [fresh] = await createDb(env).select({ incidents: n.incidents }).from(n).where(eq(n.uuid, row.uuid));
  return fresh?.incidents ?? row.incidents;
}

/** One attempt at notification `uuid`. */
export async function deliverNotification(env: Env, uuid: string, deps: Deps = defaultDeps): Promise<Outcome> {
  const db = createDb(env);
  const [found] = await db.select().from(n).innerJoin(ch, eq(ch.uuid, n.channel_uuid)).where(eq(n.uuid, uuid));
  if (!found || found.alert_notification.state !== "pending") return { result: "skipped" };
  const { alert_notification: row, alert_channel: channel } = found;
  const now = deps.now();
  if (!channel.enabled) return finish(env, row, channel, now, { ok: false, error: "The channel is disabled." }, true);
  if (row.kind === "digest") {
    // Closed to new incidents from here: those arriving now start the channel's next digest.
    await db
      .update(ch)
      .set({ digest_uuid: null })
      .where(and(eq(ch.uuid, channel.uuid), eq(ch.digest_uuid, row.uuid)));
  }
  const message = await messageOf(env, { ...row, incidents: await incidentsOf(env, row) });
  if (message.incidents.length === 0 && row.kind !== "test") {
    return finish(env, row, channel, now, { ok: true, error: null }, false);
  }
  const sent = await send(env, channel, message, deps, { inBatch: true });
  const expired = now - Date.parse(row.created_at) >= DEAD_AFTER_MS;
  return finish(env, row, channel, now, sent, expired);
}

/** Records an attempt's outcome on the notification, the channel and the incidents' timelines. */
async function finish(
  env: Env,
  row: typeof n.$inferSelect,
  channel: ChannelRow,
  now: number,
  sent: { ok: boolean; error: string | null; status?: number | null; outbox?: Outbox },
  giveUp: boolean,
): Promise<Outcome> {
  const db = createDb(env);
  const at = iso(now);
  const attempts = row.attempts + 1;
  const dead = !sent.ok && giveUp;
  const state = sent.ok ? "delivered" : dead ? "dead" : "pending";
  const note = sent.ok
    ? `Delivered${sent.status ? ` (HTTP ${sent.status})` : ""}`
    : `Dead after ${attempts} attempt(s): ${sent.error ?? "failed"}`;
  const timeline =
    (sent.ok || dead) && row.incidents.length
      ? [
          db.insert(incidentEventTable).select(
            db
              .select({
                id: sql<number>`null`.as("id"),
                space_uuid: incidentTable.space_uuid,
                incident_uuid: incidentTable.uuid,
                at: sql<string>`${at}`.as("at"),
                kind: sql<"notified" | "notification_failed">`${sent.ok ? "notified" : "notification_failed"}`.as(
                  "kind",
                ),
                device_uuid: sql<null>`null`.as("device_uuid"),
                device_name: sql<null>`null`.as("device_name"),
                account_uuid: sql<null>`null`.as("account_uuid"),
                account_name: sql<null>`null`.as("account_name"),
                channel_uuid: sql<string>`${channel.uuid}`.as("channel_uuid"),
                channel_name: sql<string>`${channel.name}`.as("channel_name"),
                channel_kind: sql<string>`${channel.kind}`.as("channel_kind"),
                note: sql<string>`${row.kind === "digest" ? `${note}, in a digest` : note}`.as("note"),
              })
              .from(incidentTable)
              .where(and(eq(incidentTable.space_uuid, row.space_uuid), inArray(incidentTable.uuid, row.incidents))),
          ),
        ]
      : [];
  await db.batch([
    db
      .update(n)
      .set({ state, attempts, last_error: sent.ok ? null : sent.error, delivered_at: sent.ok ? at : null })
      .where(and(eq(n.uuid, row.uuid), eq(n.state, "pending"))),
    db
      .update(ch)
      .set(
        sent.ok
          ? { delivered_count: sql`${ch.delivered_count} + 1`, last_delivered_at: at }
          : { last_error: sent.error, last_error_at: at, ...(dead ? { dead_count: sql`${ch.dead_count} + 1` } : {}) },
      )
      .where(eq(ch.uuid, channel.uuid)),
    ...timeline,
    ...(sent.ok ? (sent.outbox?.writes ?? []) : []),
  ]);
  if (sent.ok) await sent.outbox?.send();
  if (sent.ok) return { result: "delivered" };
  if (dead) return { result: "dead", error: sent.error ?? undefined };
  return { result: "retry", delay_s: backoffSeconds(attempts), error: sent.error ?? undefined };
}

/** The dead-letter queue's consumer: a message that ran out of retries marks its notification dead. */
export async function markDead(env: Env, uuid: string, deps: Deps = defaultDeps) {
  const db = createDb(env);
  const [found] = await db.select().from(n).innerJoin(ch, eq(ch.uuid, n.channel_uuid)).where(eq(n.uuid, uuid));
  if (!found || found.alert_notification.state !== "pending") return;
  await finish(
    env,
    found.alert_notification,
    found.alert_channel,
    deps.now(),
    {
      ok: false,
      error: found.alert_notification.last_error ?? "Retries exhausted.",
    },
    true,
  );
}

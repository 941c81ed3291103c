import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ChannelCreated,
  ChannelTestResult,
  NotificationList,
  WEBHOOK_HEADERS,
  WebhookBody,
} from "../../contracts/alerting/schema.ts";
import { alertChannelTable, alertNotificationTable, incidentTable } from "../../drizzle/schema/index.ts";
import type { Deps } from "../../worker/services/alerting/deliver.ts";
import { type AlertMessage, handleAlertBatch } from "../../worker/services/alerting/queue.ts";
import { verifyWebhook } from "../../worker/services/alerting/signature.ts";
import { api, db, makeLocation, memberOf } from "../factories.ts";

/*
 * The Queue consumer against a webhook receiver that fails half of its requests — before or after
 * it has kept the message — and deduplicates by Idempotency-Key: every notification reaches it
 * exactly once after deduplication. Messages the consumer retries are redelivered (as the Queue
 * does) with the clock moved by their delay; a receiver that never answers well dead-letters.
 */

const SECRET = "a-secret-of-at-least-16";

type Receiver = { kept: Map<string, WebhookBody>; duplicates: number; requests: number; badSignatures: number };

/** A receiver that verifies the signature, deduplicates, and fails every other request (alternately before and after keeping it). */
function flakyReceiver(clock: { now: number }, failEvery = 2): { receiver: Receiver; fetch: Deps["fetch"] } {
  const receiver: Receiver = { kept: new Map(), duplicates: 0, requests: 0, badSignatures: 0 };
  const fetch: Deps["fetch"] = async (_url, init) => {
    const n = ++receiver.requests;
    const headers = new Headers(init?.headers);
    const body = String(init?.body);
    const signed = await verifyWebhook(
      SECRET,
      { timestamp: headers.get(WEBHOOK_HEADERS.timestamp), signature: headers.get(WEBHOOK_HEADERS.signature) },
      body,
      Math.floor(clock.now / 1000),
    );
    if (!signed) {
      receiver.badSignatures++;
      return new Response("bad signature", { status: 401 });
    }
    const failing = failEvery > 0 && n % failEvery === 0;
    if (failing && n % (2 * failEvery) === 0) return new Response("busy", { status: 503 });
    const key = headers.get(WEBHOOK_HEADERS.idempotency) ?? "";
    if (receiver.kept.has(key)) receiver.duplicates++;
    else receiver.kept.set(key, WebhookBody.parse(JSON.parse(body)));
    // Kept, but the answer is lost: the sender must retry, the receiver drops the repeat.
    if (failing) return new Response("gateway timeout", { status: 504 });
    return new Response("ok", { status: 200 });
  };
  return { receiver, fetch };
}

/** Runs the consumer like the Queue: batches of up to 10, retried messages come back after their delay. */
async function drain(uuids: string[], deps: Deps, clock: { now: number }, queue = "outpost-alerts") {
  let pending = uuids.map((uuid) => ({ uuid, attempts: 1, due: clock.now }));
  let rounds = 0;
  while (pending.length && rounds++ < 500) {
    pending.sort((a, b) => a.due - b.due);
    clock.now = Math.max(clock.now, pending[0].due);
    const ready = pending.filter((p) => p.due <= clock.now).slice(0, 10);
    pending = pending.filter((p) => !ready.includes(p));
    const outcomes = new Map<string, { retry?: number }>();
    const batch = {
      queue,
      messages: ready.map((p) => ({
        id: p.uuid,
        timestamp: new Date(clock.now),
        attempts: p.attempts,
        body: { notification_uuid: p.uuid },
        ack: () => outcomes.set(p.uuid, {}),
        retry: (o?: { delaySeconds?: number }) => outcomes.set(p.uuid, { retry: o?.delaySeconds ?? 0 }),
      })),
      ackAll() {},
      retryAll() {},
    } as unknown as MessageBatch<AlertMessage>;
    await handleAlertBatch(batch, env, deps);
    for (const p of ready) {
      const o = outcomes.get(p.uuid);
      if (o?.retry !== undefined)
        pending.push({ uuid: p.uuid, attempts: p.attempts + 1, due: clock.now + o.retry * 1000 });
    }
  }
  return rounds;
}

async function webhookSpace() {
  const admin = await memberOf("admin");
  const s = admin.space.space_uuid;
  const res = await api(`/api/space/${s}/alert-channel/add/`, {
    method: "POST",
    token: admin.token,
    json: { name: "Hook", kind: "webhook", target: "https://hooks.example.test/outpost", secret: SECRET },
  });
  expect(res.status).toBe(201);
  const channel = ChannelCreated.parse(await res.json());
  expect(channel).toMatchObject({ has_secret: true, secret: null });
  const location = await makeLocation(s);
  return { admin, s, channel, location };
}

async function notifications(
  s: string,
  channel: string,
  location: { uuid: string; name: string },
  n: number,
  at: number,
) {
  const uuids: string[] = [];
  for (let i = 0; i < n; i++) {
    const incident = crypto.randomUUID();
    await db()
      .insert(incidentTable)
      .values({
        uuid: incident,
        space_uuid: s,
        rule_uuid: crypto.randomUUID(),
        rule_name: `Rule ${i}`,
        condition_kind: "device_offline",
        location_uuid: location.uuid,
        location_name: location.name,
        state: "open",
        devices: [{ uuid: crypto.randomUUID(), name: `Kiosk ${i}`, since: new Date(at).toISOString() }],
        peak_devices: 1,
        opened_at: new Date(at).toISOString(),
        updated_at: new Date(at).toISOString(),
      });
    const uuid = crypto.randomUUID();
    await db()
      .insert(alertNotificationTable)
      .values({
        uuid,
        space_uuid: s,
        channel_uuid: channel,
        incident_uuid: incident,
        kind: "incident",
        idempotency_key: `incident:${incident}:${at}:${channel}`,
        subject: `Incident ${i}`,
        incidents: [incident],
        created_at: new Date(at).toISOString(),
      });
    uuids.push(uuid);
  }
  return uuids;
}

describe("alert delivery through the Queue consumer", () => {
  it("a receiver failing 50 % still gets every notification exactly once after deduplication", async () => {
    const { s, channel, location } = await webhookSpace();
    const clock = { now: Date.now() };
    const uuids = await notifications(s, channel.uuid, location, 20, clock.now);
    const { receiver, fetch } = flakyReceiver(clock);
    await drain(uuids, { fetch, now: () => clock.now }, clock);

    expect(receiver.badSignatures).toBe(0);
    expect(receiver.kept.size).toBe(20);
    expect(receiver.duplicates).toBeGreaterThan(0);
    expect(receiver.requests).toBeGreaterThan(20);
    const rows = await db()
      .select()
      .from(alertNotificationTable)
      .where(eq(alertNotificationTable.channel_uuid, channel.uuid));
    expect(rows.every((r) => r.state === "delivered")).toBe(true);
    const [stored] = await db().select().from(alertChannelTable).where(eq(alertChannelTable.uuid, channel.uuid));
    expect(stored.delivered_count).toBe(20);
    // Slack/Teams-compatible: a `text` field, and a link to the incident in the console.
    const first = [...receiver.kept.values()][0];
    expect(first.text).toContain(location.name);
    expect(first.incidents[0].url).toMatch(new RegExp(`/incidents/incident/view/${s}/`));
  });

  it("a receiver that never accepts: retried with backoff for 24 h, then dead with the last error on the channel", async () => {
    const { admin, s, channel, location } = await webhookSpace();
    const clock = { now: Date.now() };
    const [uuid] = await notifications(s, channel.uuid, location, 1, clock.now);
    const deps: Deps = {
      fetch: async () => new Response("down for maintenance", { status: 500 }),
      now: () => clock.now,
    };
    const rounds = await drain([uuid], deps, clock);
    expect(rounds).toBeGreaterThan(20);
    const [row] = await db().select().from(alertNotificationTable).where(eq(alertNotificationTable.uuid, uuid));
    expect(row.state).toBe("dead");
    expect(Date.parse(row.created_at) + 24 * 3600_000).toBeLessThanOrEqual(clock.now);
    const list = await api(`/api/space/${s}/alert-channel/${channel.uuid}/notifications/?state=dead`, {
      token: admin.token,
    });
    expect(NotificationList.parse(await list.json()).notifications).toMatchObject([{ uuid, state: "dead" }]);
    const shown = await api(`/api/space/${s}/alert-channel/${channel.uuid}/`, { token: admin.token });
    expect(await shown.json()).toMatchObject({ dead_lettered_count: 1, last_error: "HTTP 500: down for maintenance" });
  });

  it("the dead-letter queue marks what reaches it dead", async () => {
    const { s, channel, location } = await webhookSpace();
    const clock = { now: Date.now() };
    const [uuid] = await notifications(s, channel.uuid, location, 1, clock.now);
    await drain([uuid], { fetch: async () => new Response("no"), now: () => clock.now }, clock, "outpost-alerts-dlq");
    const [row] = await db().select().from(alertNotificationTable).where(eq(alertNotificationTable.uuid, uuid));
    expect(row.state).toBe("dead");
  });

  it("Send test notification answers what the receiver said (e-mail: the outbox)", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const res = await api(`/api/space/${s}/alert-channel/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "Mail", kind: "email", target: "noc@example.test" },
    });
    const channel = ChannelCreated.parse(await res.json());
    const tested = await api(`/api/space/${s}/alert-channel/${channel.uuid}/test/`, {
      method: "POST",
      token: admin.token,
    });
    expect(tested.status).toBe(200);
    expect(ChannelTestResult.parse(await tested.json())).toMatchObject({ ok: true, status: null, error: null });
    const viewer = await memberOf("viewer", admin.space);
    expect(
      (await api(`/api/space/${s}/alert-channel/${channel.uuid}/test/`, { method: "POST", token: viewer.token }))
        .status,
    ).toBe(403);
    const hook = await api(`/api/space/${s}/alert-channel/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "Hook", kind: "webhook", target: "ftp://nope" },
    });
    expect(hook.status).toBe(400);
  });

  it("the real Queue (Miniflare): a message on ALERTS is consumed by the Worker's queue handler", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const res = await api(`/api/space/${s}/alert-channel/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "Mail", kind: "email", target: "queue@example.test" },
    });
    const channel = ChannelCreated.parse(await res.json());
    const [uuid] = await notifications(s, channel.uuid, await makeLocation(s), 1, Date.now());
    await env.ALERTS?.send({ notification_uuid: uuid });
    let state = "pending";
    for (let i = 0; i < 100 && state === "pending"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const [row] = await db().select().from(alertNotificationTable).where(eq(alertNotificationTable.uuid, uuid));
      state = row.state;
    }
    expect(state).toBe("delivered");
  });
});

import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { WEBHOOK_HEADERS } from "../../contracts/alerting/schema.ts";
import { alertChannelTable, alertNotificationTable, alertRuleTable, deviceTable } from "../../drizzle/schema/index.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../lib/errors.ts";
import { deliverNotification } from "../services/alerting/deliver.ts";
import { openSecret } from "../services/alerting/secret.ts";
import { alertSignal } from "../services/alerting/signal.ts";
import { verifyWebhook } from "../services/alerting/signature.ts";
import { roomServer, spaceRegion } from "../services/kernel/placement.ts";

/*
 * /dev/alerting/*: developer and e2e helpers (DEV_ROUTES only, like /dev/mail). They go through
 * the same LocationRoom evaluation as real transitions; only the clock is moved.
 * - trigger: the devices are offline since the rule's duration ago → the incident opens now.
 * - recover: they are back since the rule's duration ago → they leave (the incident resolves).
 * - deliver: every pending notification is attempted now (no waiting on queue delays).
 * - webhook/{channel}: a receiver that verifies the signature; webhook.json lists what it got.
 */

const devOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.config.devRoutes) return c.json({ code: "not_found", message: "Not found." }, 404);
  await next();
});

const Trigger = z.object({
  space_uuid: z.string().min(1),
  rule_uuid: z.string().min(1),
  location_uuid: z.string().min(1),
  device_uuids: z.array(z.string().min(1)).min(1).max(500),
});

async function moveDevices(c: { env: AppEnv["Bindings"]; var: AppEnv["Variables"] }, body: unknown, online: boolean) {
  const input = Trigger.parse(body);
  const db = c.var.db;
  const [rule] = await db
    .select()
    .from(alertRuleTable)
    .where(and(eq(alertRuleTable.uuid, input.rule_uuid), eq(alertRuleTable.space_uuid, input.space_uuid)));
  if (!rule) throw new ApiError("not_found", "Alert rule not found.");
  const now = Date.now();
  const since = now - rule.duration_s * 1000 - 1000;
  const room = await roomServer(c.env, "location", input.location_uuid, await spaceRegion(c.env, input.space_uuid));
  await room.alertRefresh(input.location_uuid, since);
  for (const device_uuid of input.device_uuids) {
    const [row] = await db
      .select({ name: deviceTable.name })
      .from(deviceTable)
      .where(and(eq(deviceTable.uuid, device_uuid), eq(deviceTable.space_uuid, input.space_uuid)));
    if (!row) throw new ApiError("not_found", "Device not found.");
    await alertSignal(c.env, { ...input, device_uuid, name: row.name, online, at: since });
  }
  await room.alertTick(now, input.location_uuid);
}

/** What the local webhook receiver got, newest first (memory of this isolate: a developer's view). */
type Received = {
  at: string;
  channel: string;
  verified: boolean;
  duplicate: boolean;
  key: string;
  event: string;
  text: string;
};
const received: Received[] = [];
const RECEIVED_MAX = 100;

export const alertingDevRoutes = new Hono<AppEnv>({ strict: false })
  .use(devOnly)
  // A local webhook receiver: point a channel at {origin}/dev/alerting/webhook/{channel uuid}. It
  // checks the signature with the channel's secret (as a real receiver would) and drops repeats.
  .post("/webhook/:channel", async (c) => {
    const channelUuid = c.req.param("channel");
    const body = await c.req.text();
    const [channel] = await c.var.db.select().from(alertChannelTable).where(eq(alertChannelTable.uuid, channelUuid));
    const secret = channel ? await openSecret(c.env, channel.uuid, channel.secret) : null;
    const verified =
      secret !== null &&
      (await verifyWebhook(
        secret,
        {
          timestamp: c.req.header(WEBHOOK_HEADERS.timestamp) ?? null,
          signature: c.req.header(WEBHOOK_HEADERS.signature) ?? null,
        },
        body,
      ));
    const key = c.req.header(WEBHOOK_HEADERS.idempotency) ?? "";
    const duplicate = received.some((r) => r.key === key && r.verified);
    let text = "";
    try {
      text = String((JSON.parse(body) as { text?: unknown }).text ?? "");
    } catch {
      // Not JSON: kept as unverified.
    }
    received.unshift({
      at: new Date().toISOString(),
      channel: channelUuid,
      verified,
      duplicate,
      key,
      event: c.req.header(WEBHOOK_HEADERS.event) ?? "",
      text,
    });
    received.length = Math.min(received.length, RECEIVED_MAX);
    if (!verified) return c.json({ ok: false, error: "bad signature" }, 401);
    return c.json({ ok: true, duplicate });
  })
  .get("/webhook.json", (c) => c.json({ received }))
  .post("/trigger", async (c) => {
    await moveDevices(c, await c.req.json(), false);
    return c.json({ ok: true });
  })
  .post("/recover", async (c) => {
    await moveDevices(c, await c.req.json(), true);
    return c.json({ ok: true });
  })
  .post("/deliver", async (c) => {
    const pending = await c.var.db
      .select({ uuid: alertNotificationTable.uuid })
      .from(alertNotificationTable)
      .where(eq(alertNotificationTable.state, "pending"))
      .limit(200);
    const outcomes = [];
    for (const { uuid } of pending) outcomes.push({ uuid, ...(await deliverNotification(c.env, uuid)) });
    return c.json({ outcomes });
  });

import type { Env } from "../../env.ts";
import { type Deps, defaultDeps, deliverNotification, markDead } from "./deliver.ts";
import type { Enqueue } from "./store.ts";

/*
 * Notifications travel on the `outpost-alerts` Cloudflare Queue (wrangler.jsonc): the LocationRoom
 * that opens an incident is the producer, this Worker's `queue` handler the consumer. At least
 * once: a message is acked only after its outcome is stored; a failed attempt is retried with
 * backoff (deliver.ts); after the queue's max_retries it lands on `outpost-alerts-dlq`, whose
 * consumer marks the notification dead (and so does the 24 h limit, whichever comes first).
 */

export type AlertMessage = { notification_uuid: string };
export const ALERTS_QUEUE = "outpost-alerts";
export const ALERTS_DLQ = "outpost-alerts-dlq";
/** Queues delay a message at most 12 h; a longer wait is reached in steps. */
const MAX_DELAY_S = 12 * 3600;

export async function enqueueNotifications(env: Env, items: readonly Enqueue[]) {
  if (items.length === 0) return;
  if (!env.ALERTS) {
    console.error("no ALERTS queue bound: notifications stay pending", items.length);
    return;
  }
  await env.ALERTS.sendBatch(
    items.map((i) => ({
      body: { notification_uuid: i.notification_uuid } satisfies AlertMessage,
      ...(i.delay_s > 0 ? { delaySeconds: Math.min(i.delay_s, MAX_DELAY_S) } : {}),
    })),
  );
}

/** The Worker's `queue` handler for both queues. */
export async function handleAlertBatch(batch: MessageBatch<AlertMessage>, env: Env, deps: Deps = defaultDeps) {
  const dlq = batch.queue === ALERTS_DLQ || batch.queue.endsWith("-dlq");
  for (const message of batch.messages) {
    const uuid = message.body?.notification_uuid;
    if (typeof uuid !== "string") {
      message.ack();
      continue;
    }
    try {
      if (dlq) {
        await markDead(env, uuid, deps);
        message.ack();
        continue;
      }
      const outcome = await deliverNotification(env, uuid, deps);
      if (outcome.result === "retry") message.retry({ delaySeconds: outcome.delay_s });
      else message.ack();
    } catch (error) {
      console.error("alert delivery failed", uuid, error);
      message.retry({ delaySeconds: 30 });
    }
  }
}

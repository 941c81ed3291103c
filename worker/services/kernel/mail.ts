import { eq } from "drizzle-orm";
import { mailOutboxTable } from "../../../drizzle/schema/mail-outbox.ts";
import type { Config } from "../../config.ts";
import type { Env } from "../../env.ts";
import type { Db } from "../../lib/db.ts";

export type Mail = { to: string; subject: string; text: string; html: string };
export type MailDeps = { db: Db; env: Env; config: Config };

/** The outbox insert of one mail, to put in the db.batch of the change that sends it. */
export function outboxInsert(db: Db, mail: Mail) {
  const uuid = crypto.randomUUID();
  return { uuid, query: db.insert(mailOutboxTable).values({ uuid, ...mail }) };
}

/** Mail leaves the outbox only in production and only when the Email Service binding is set. */
const canDeliver = ({ env, config }: MailDeps) =>
  config.environment === "production" && env.SEND_EMAIL !== undefined && config.mailFrom !== undefined;

/**
 * Sends outbox rows through Cloudflare's `send_email` binding and records sent_at or the error.
 * A failure never fails the request that queued the mail: it stays listed in the outbox.
 */
export async function deliverMail(deps: MailDeps, mails: readonly (Mail & { uuid: string })[]) {
  const { env, config, db } = deps;
  if (!canDeliver(deps) || !env.SEND_EMAIL || !config.mailFrom) return;
  for (const mail of mails) {
    try {
      await env.SEND_EMAIL.send({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await db
        .update(mailOutboxTable)
        .set({ sent_at: new Date().toISOString() })
        .where(eq(mailOutboxTable.uuid, mail.uuid));
    } catch (error) {
      console.error("mail delivery failed", error);
      await db
        .update(mailOutboxTable)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(mailOutboxTable.uuid, mail.uuid));
    }
  }
}

/** Writes the mail to mail_outbox, then (production with the binding) sends it. */
export async function sendMail(deps: MailDeps, mail: Mail): Promise<string> {
  const { uuid, query } = outboxInsert(deps.db, mail);
  await query;
  await deliverMail(deps, [{ uuid, ...mail }]);
  return uuid;
}

import { eq } from "drizzle-orm";
import { mailOutboxTable } from "../../../drizzle/schema/mail-outbox.ts";
import type { Config } from "../../config.ts";
import type { Env } from "../../env.ts";
import { openText, sealText } from "../../lib/crypto-box.ts";
import type { Db } from "../../lib/db.ts";
import { mailOutboxKey } from "./box-keys.ts";

export type Mail = { to: string; subject: string; text: string; html: string };
export type MailDeps = { db: Db; env: Env; config: Config };

/** A body stored sealed starts with this; anything else is a body stored as it was written. */
const SEALED = "sealed:";
/** What the dev outbox shows for a body that does not open (another key, or tampered with). */
export const UNREADABLE_BODY = "(sealed with another key: cannot be shown)";

/** A body's box binds to its row and part, so a box copied to another row or part does not open. */
const bodyAad = (uuid: string, part: "text" | "html") => `mail_outbox:${uuid}:${part}`;

/**
 * The outbox insert of one mail, to put in the db.batch of the change that sends it. Mails carry
 * secrets (installation codes, invitation and password links), so the text and HTML are stored
 * sealed (AES-GCM, kernel key from INSTALLATION_CODE_KEY): the clear mail lives
 * only in memory, handed to deliverMail, and the bodies are emptied once it is sent.
 */
export async function outboxInsert(db: Db, env: Env, mail: Mail) {
  const uuid = crypto.randomUUID();
  const key = await mailOutboxKey(env);
  const seal = async (part: "text" | "html") =>
    key ? `${SEALED}${await sealText(key, mail[part], bodyAad(uuid, part))}` : mail[part];
  const [text, html] = await Promise.all([seal("text"), seal("html")]);
  return { uuid, query: db.insert(mailOutboxTable).values({ uuid, to: mail.to, subject: mail.subject, text, html }) };
}

/** An outbox row with its bodies opened (the dev outbox, tests); a body that does not open says so. */
export async function openOutboxMail<Row extends { uuid: string; text: string; html: string }>(
  env: Env | Pick<Env, "ENVIRONMENT" | "INSTALLATION_CODE_KEY">,
  row: Row,
): Promise<Row> {
  const key = await mailOutboxKey(env);
  const open = async (part: "text" | "html") => {
    const body = row[part];
    if (!body.startsWith(SEALED)) return body;
    const opened = key ? await openText(key, body.slice(SEALED.length), bodyAad(row.uuid, part)) : null;
    return opened ?? UNREADABLE_BODY;
  };
  const [text, html] = await Promise.all([open("text"), open("html")]);
  return { ...row, text, html };
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
        // Sent: the secrets it carried need not stay at rest, even sealed.
        .set({ sent_at: new Date().toISOString(), text: "", html: "" })
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
  const { uuid, query } = await outboxInsert(deps.db, deps.env, mail);
  await query;
  await deliverMail(deps, [{ uuid, ...mail }]);
  return uuid;
}

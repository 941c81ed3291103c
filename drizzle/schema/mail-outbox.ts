import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, uuidPk } from "./common.ts";

/**
 * Outgoing e-mail. In development nothing is sent: the dev outbox lists these rows. sent_at or
 * error is set by the sender. Note: `to` is an SQL keyword; quote it in raw SQL.
 */
export const mailOutboxTable = sqliteTable(
  "mail_outbox",
  {
    uuid: uuidPk(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull().default(""),
    html: text("html").notNull().default(""),
    created_at: createdAt(),
    sent_at: text("sent_at"),
    error: text("error"),
  },
  (t) => [index("mail_outbox_created_at_idx").on(t.created_at), index("mail_outbox_to_idx").on(t.to)],
);

import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { actionTokenTable, mailOutboxTable, userTable } from "../../drizzle/schema/index.ts";
import { sha256Hex } from "../../worker/lib/crypto.ts";
import { openOutboxMail } from "../../worker/services/kernel/mail.ts";
import { db, ORIGIN } from "../factories.ts";

/** Mails written to the outbox for one recipient, newest first, their sealed bodies opened. */
export const outboxFor = async (to: string) => {
  const rows = await db()
    .select()
    .from(mailOutboxTable)
    .where(eq(mailOutboxTable.to, to))
    .orderBy(desc(mailOutboxTable.created_at))
    .all();
  return Promise.all(rows.map((row) => openOutboxMail(env, row)));
};

/** The console link in a mail's text: its page, account and token. */
export function linkIn(mail: { text: string; html: string }) {
  const match = /https?:\/\/\S+/.exec(mail.text);
  expect(match).not.toBeNull();
  const url = new URL(match?.[0] ?? "");
  expect(url.origin).toBe(ORIGIN);
  expect(mail.html).toContain(url.toString().replaceAll("&", "&amp;"));
  return {
    page: url.pathname,
    account: url.searchParams.get("account") ?? "",
    token: url.searchParams.get("token") ?? "",
  };
}

/** The only mail of a recipient and its link (fails when there is not exactly one). */
export async function onlyLinkFor(to: string) {
  const mails = await outboxFor(to);
  expect(mails).toHaveLength(1);
  return linkIn(mails[0]);
}

/** The stored row of a token value (only its SHA-256 is stored). */
export const tokenRow = async (token: string) =>
  db()
    .select()
    .from(actionTokenTable)
    .where(eq(actionTokenTable.token_hash, await sha256Hex(token)))
    .get();

/** Moves a link's expiry into the past. */
export const expireToken = async (token: string) =>
  db()
    .update(actionTokenTable)
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where(eq(actionTokenTable.token_hash, await sha256Hex(token)));

/** A user who was invited but never set a password. */
export async function makeUserWithoutPassword() {
  const id = crypto.randomUUID().slice(0, 8);
  const [row] = await db()
    .insert(userTable)
    .values({ email: `new-${id}@outpost.test`, username: `new-${id}`, display_name: `new-${id}` })
    .returning();
  return row;
}

import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { mailOutboxTable } from "../../drizzle/schema/mail-outbox.ts";
import type { AppEnv } from "../env.ts";
import { escapeHtml, html, raw } from "../lib/html.ts";
import { openOutboxMail } from "../services/kernel/mail.ts";

const LIMIT = 100;

/**
 * The developer pages fail closed: they exist only when DEV_ROUTES is set (by the local start and
 * test scripts), never merely because ENVIRONMENT is not "production".
 */
const devRoutesOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.config.devRoutes) return c.json({ code: "not_found", message: "Not found." }, 404);
  await next();
});

/** The newest outbox rows with their sealed bodies opened (a developer reads them here). */
const newestMails = async (c: { var: AppEnv["Variables"]; env: AppEnv["Bindings"] }, to?: string) => {
  const rows = await c.var.db
    .select()
    .from(mailOutboxTable)
    .where(to ? eq(mailOutboxTable.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutboxTable.created_at), desc(mailOutboxTable.uuid))
    .limit(LIMIT);
  return Promise.all(rows.map((row) => openOutboxMail(c.env, row)));
};

/** Plain text with its http(s) links made clickable; everything else escaped. */
const linkify = (text: string) =>
  text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");

/**
 * /dev/mail: the local mail outbox, newest first (?to= narrows it to one recipient), so the
 * invitation and password links can be followed without a mail server. /dev/mail.json: the same rows.
 */
export const devRoutes = new Hono<AppEnv>({ strict: false })
  .use(devRoutesOnly)
  .get("/mail.json", async (c) => c.json({ mails: await newestMails(c, c.req.query("to")) }))
  .get("/mail", async (c) => {
    const mails = await newestMails(c, c.req.query("to"));
    const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outpost · dev mail</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:860px;padding:24px;color:#1f2937;background:#f8fafc}
h1{font-size:18px}article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}
dl{display:grid;grid-template-columns:72px 1fr;gap:2px 8px;margin:0 0 8px;font-size:13px}dt{color:#64748b}dd{margin:0}
pre{white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace;margin:0}a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}article{background:#1e293b;border-color:#334155}a{color:#93c5fd}}
</style></head><body>
<h1>Mail outbox <small>(${mails.length}, newest first; not sent outside production)</small></h1>
${mails.length === 0 ? html`<p>No mail yet.</p>` : ""}
${mails.map(
  (m) => html`<article data-mail-to="${m.to}">
<dl><dt>To</dt><dd>${m.to}</dd><dt>Subject</dt><dd><strong>${m.subject}</strong></dd><dt>Created</dt><dd>${m.created_at}</dd></dl>
<pre>${raw(linkify(m.text))}</pre>
</article>`,
)}
</body></html>`;
    return c.html(page.value);
  });

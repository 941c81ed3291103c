import type { AccountExportQuery, AccountRow } from "../../../contracts/accounts/schema.ts";
import { html, raw } from "../../lib/html.ts";
import { pageWindow, readInBatches } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { type CsvCell, toCsv } from "../kernel/csv.ts";
import { accountPage, accountWhere, toAccountRow } from "./queries.ts";

const BATCH = 500;
const HEADER = ["#", "Email", "Display Name", "Added on (UTC)", "Status", "Role", "Online", "Last seen (UTC)"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The console's date format (console.md §9: dd MMM yyyy HH:mm:ss), in UTC. */
export function formatUtc(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

const cells = (a: AccountRow, index: number): CsvCell[] => [
  index,
  a.email,
  a.display_name,
  formatUtc(a.invited_on),
  a.status,
  a.roles.map((r) => r.name).join(", "),
  a.online ? "Yes" : "No",
  formatUtc(a.last_seen),
];

function htmlDocument(rows: CsvCell[][]): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Accounts export</title>
<style>body{font-family:system-ui,sans-serif;font-size:13px}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left}th{background:#f3f4f6}</style>
</head><body>
<table>
<thead><tr>${HEADER.map((h) => html`<th>${h}</th>`)}</tr></thead>
<tbody>
${rows.map((row) => html`<tr>${row.map((cell) => html`<td>${cell ?? ""}</td>`)}</tr>${raw("\n")}`)}</tbody>
</table>
</body></html>
`.value;
}

/**
 * GET /space/{space}/account/items/export/: the list's filters; scope `page` is the requested page,
 * `all` every matching row (read in batches). CSV or an HTML table with every value escaped.
 */
export async function exportAccounts({
  ctx,
  input,
}: ServiceArgs<AccountExportQuery>): Promise<{ body: string; contentType: string; filename: string }> {
  const where = accountWhere(ctx, input);
  const rows: CsvCell[][] = [];
  if (input.scope === "page") {
    const window = pageWindow(input.page, input.page_size);
    const page = await accountPage(ctx, where, window);
    page.forEach((r, i) => {
      rows.push(cells(toAccountRow(r), window.offset + i + 1));
    });
  } else {
    const all = await readInBatches(BATCH, (window) => accountPage(ctx, where, window));
    all.forEach((r, i) => {
      rows.push(cells(toAccountRow(r), i + 1));
    });
  }
  if (input.export_format === "html") {
    return { body: htmlDocument(rows), contentType: "text/html; charset=utf-8", filename: "accounts_export.html" };
  }
  return { body: toCsv(HEADER, rows), contentType: "text/csv; charset=utf-8", filename: "accounts_export.csv" };
}

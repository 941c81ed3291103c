/**
 * The audit log's streamed export: N entries (1 000 000 by default) in one space of a throwaway
 * local D1, exported through a frozen Worker as CSV and as JSON Lines, read to the end by a client
 * that counts lines. The target: 1M entries in under 60 s each. The baseline in the same run is
 * the list API (GET …/audit/items/, 500 entries a page by cursor) over the newest 50 000
 * entries: the ratio is what one exported entry costs against one listed entry.
 *
 *   node scripts/bench/audit-export.ts [--rows 1000000] [--port N]
 */
import { parseArgs } from "node:util";
import { freePort } from "../lib/proc.ts";
import { benchFleet } from "./fleet-sql.ts";
import { localD1 } from "./local-d1.ts";
import { benchDirs, signIn, startFrozenServer } from "./server.ts";

const { values } = parseArgs({
  options: { rows: { type: "string", default: "1000000" }, port: { type: "string" } },
});
const ROWS = Number(values.rows);
const fleet = benchFleet();
const { work, persistDir, sqlDir } = benchDirs("audit-export");
const d1 = localD1(persistDir, sqlDir);
await d1.seed(fleet, 0, false);

// Entries as services write them: an actor, a device target, a before/after, the request's context.
let t = Date.now();
d1.script("audit-rows", [
  `INSERT INTO audit_log (uuid, space_uuid, actor_user_uuid, actor_kind, actor_uuid, actor_name, action, entity_type,
     entity_uuid, entity_name, before, after, request_id, client_address, user_agent, seq, prev_hash, hash, created_at)
   WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
   SELECT lower(hex(randomblob(16))), '${fleet.space}', NULL, 'account', 'bench-user', 'bench.user', 'device.update', 'device',
     printf('00000000-0000-4000-8000-%012d', i % 1000), printf('Kiosk %d', i % 1000),
     json_object('description', printf('Shift %d', i - 1)), json_object('description', printf('Shift %d', i)),
     lower(hex(randomblob(8))), '203.0.113.7', 'Mozilla/5.0 (X11; Linux x86_64) bench', i,
     printf('%064x', i - 1), printf('%064x', i),
     strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i / 20) || ' seconds')
   FROM n`,
]);
console.error(`seeded ${ROWS} audit entries (${Date.now() - t} ms)`);

const port = values.port ? Number(values.port) : await freePort(8845);
const { origin, server } = await startFrozenServer(port, work, persistDir);
try {
  const token = await signIn(origin);
  const headers = { Authorization: `Bearer ${token}` };
  const base = `${origin}/api/space/${fleet.space}/audit`;

  // Baseline: the list, 500 entries a page, newest first, following the cursor.
  const LISTED = Math.min(50_000, ROWS);
  t = performance.now();
  let cursor: number | null = null;
  let listed = 0;
  while (listed < LISTED) {
    const url = `${base}/items/?limit=500${cursor ? `&cursor=${cursor}` : ""}`;
    const page = (await (await fetch(url, { headers })).json()) as { entries: unknown[]; next_cursor: number | null };
    listed += page.entries.length;
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  const listMs = performance.now() - t;
  const perListed = listMs / listed;
  console.log(
    `list (baseline): ${listed} entries in ${(listMs / 1000).toFixed(1)} s, ${(perListed * 1000).toFixed(1)} µs/entry`,
  );

  for (const format of ["csv", "jsonl"] as const) {
    t = performance.now();
    const res = await fetch(`${base}/items/export/?format=${format}`, { headers });
    if (!res.ok || !res.body) throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
    let lines = 0;
    let bytes = 0;
    let firstByteMs = 0;
    for await (const chunk of res.body) {
      if (!firstByteMs) firstByteMs = performance.now() - t;
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    const ms = performance.now() - t;
    const entries = format === "csv" ? lines - 1 : lines;
    console.log(
      `export ${format}: ${entries} entries, ${(bytes / 1e6).toFixed(0)} MB in ${(ms / 1000).toFixed(1)} s ` +
        `(first bytes after ${firstByteMs.toFixed(0)} ms), ${((ms / entries) * 1000).toFixed(1)} µs/entry, ` +
        `${(ms / entries / perListed).toFixed(2)}× a listed entry; target < 60 s for 1M: ${ms < 60_000 * (ROWS / 1e6) ? "met" : "MISSED"}`,
    );
    if (entries < ROWS) throw new Error(`export ${format} ended after ${entries} of ${ROWS} entries`);
  }
} finally {
  server.kill("SIGTERM");
}

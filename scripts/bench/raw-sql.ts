/**
 * The device list's own SQL, timed directly on the bench's SQLite file (no Worker, no D1 proxy,
 * no HTTP): the baseline the API's list is compared with ("the same SQL run directly").
 *
 * Runs the Worker's listDevices against a recording D1 stand-in over node:sqlite to learn which
 * statements (with their parameters) a request makes, then replays exactly those statements,
 * one after another, `--runs` times. A cursor scenario first reads the page before it to get
 * the cursor its `next` link carries (with the count it carries, as a client following links).
 *
 *   node --experimental-transform-types scripts/bench/raw-sql.ts --state <persist dir> [--runs 15] [--space <uuid>]
 *
 * (bench-devices.ts runs it after its HTTP timings, on the same database.) Prints one JSON line:
 * { scenario: { median_ms, p95_ms, min_ms, statements } }.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { parseArgs } from "node:util";
import { DeviceListQuery } from "../../contracts/devices/schema.ts";
import { spaceTable } from "../../drizzle/schema/index.ts";
import type { Env } from "../../worker/env.ts";
import { createDb } from "../../worker/lib/db.ts";
import { listDevices } from "../../worker/services/devices/list.ts";

const { values: args } = parseArgs({
  options: {
    state: { type: "string" },
    runs: { type: "string", default: "15" },
    space: { type: "string" },
    scenarios: { type: "string" },
  },
});
if (!args.state) throw new Error("--state <wrangler persist dir> is required");
const RUNS = Number(args.runs);

const dir = join(args.state, "v3", "d1", "miniflare-D1DatabaseObject");
const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
if (!file) throw new Error(`no D1 database under ${dir}`);
const sqlite = new DatabaseSync(join(dir, file), { readOnly: true });

type Recorded = { sql: string; params: SQLInputValue[] };
let recording: Recorded[] = [];

const asSqlite = (v: unknown): SQLInputValue => (typeof v === "boolean" ? (v ? 1 : 0) : (v as SQLInputValue));

/** The part of D1's binding drizzle's d1 driver uses, over node:sqlite, recording each statement. */
function statement(sql: string, params: SQLInputValue[] = []) {
  const run = (arrays: boolean) => {
    recording.push({ sql, params });
    const stmt = sqlite.prepare(sql);
    stmt.setReturnArrays(arrays);
    return stmt.all(...params);
  };
  return {
    bind: (...values: unknown[]) => statement(sql, values.map(asSqlite)),
    all: async () => ({ results: run(false), success: true, meta: {} }),
    raw: async () => run(true),
    first: async () => run(false)[0] ?? null,
    run: async () => ({ results: run(false), success: true, meta: {} }),
  };
}
const d1 = {
  prepare: (sql: string) => statement(sql),
  batch: async (stmts: ReturnType<typeof statement>[]) => Promise.all(stmts.map((s) => s.all())),
};
const db = createDb({ DB: d1 } as unknown as Env);

const space = args.space
  ? await db
      .select()
      .from(spaceTable)
      .where((await import("drizzle-orm")).eq(spaceTable.space_uuid, args.space))
      .get()
  : await db.select().from(spaceTable).get();
if (!space) throw new Error("no space in the database");
const ctx = { db, space };
const base = `http://bench.local/api/space/${space.space_uuid}/device/items/`;

/** The statements one list request makes: `query` as the URL's query string. */
async function statementsOf(query: string) {
  const url = `${base}${query}`;
  const input = DeviceListQuery.parse(Object.fromEntries(new URL(url).searchParams));
  recording = [];
  const list = await listDevices({ ctx, input: { ...input, url } });
  return { statements: recording, list };
}

/** The query of the `next` link of the page at `query` (a cursor page, as a client reaches it). */
async function nextOf(query: string) {
  const { list } = await statementsOf(query);
  if (!list.links.next) throw new Error(`no next link after ${query}`);
  return new URL(list.links.next).search;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

function time(statements: Recorded[]) {
  const prepared = statements.map((s) => ({ stmt: sqlite.prepare(s.sql), params: s.params }));
  const once = () => {
    const t = performance.now();
    for (const { stmt, params } of prepared) stmt.all(...params);
    return performance.now() - t;
  };
  for (let i = 0; i < 3; i++) once();
  const samples = Array.from({ length: RUNS }, once).sort((a, b) => a - b);
  return {
    median_ms: percentile(samples, 0.5),
    p95_ms: percentile(samples, 0.95),
    min_ms: samples[0],
    statements: statements.length,
  };
}

const devices = (
  sqlite.prepare("SELECT count(*) AS n FROM device WHERE space_uuid = ?").get(space.space_uuid) as {
    n: number;
  }
).n;
const deepPage = Math.max(2, Math.floor(devices / 36) - 5);
const scenarios: Record<string, () => Promise<string>> = {
  "first page (-online)": async () => "",
  "page 50 by number": async () => "?page=50",
  "page 50 by cursor": () => nextOf("?page=49"),
  [`page ${deepPage} by cursor (keyset)`]: () => nextOf(`?page=${deepPage - 1}`),
  "connected_status=connected": async () => "?connected_status=connected",
  "search=Device 0999 (100 matches)": async () => "?search=Device%200999",
  "contains: name=Device 0999 (100 matches)": async () => "?name=Device%200999",
  "contains: name=nowhere (no match)": async () => "?name=nowhere",
  "FTS: search=nowhere (no match)": async () => "?search=nowhere",
  "FTS: search=Location 17 (location name, 11 locations)": async () => "?search=Location%2017",
  "ordering=name": async () => "?ordering=name",
  "ordering=-location_name (joined name, sorted)": async () => "?ordering=-location_name",
  "ordering=-created_at": async () => "?ordering=-created_at",
};
const only = args.scenarios?.split("|");
const out: Record<string, ReturnType<typeof time>> = {};
for (const [label, query] of Object.entries(scenarios)) {
  if (only && !only.includes(label)) continue;
  const { statements } = await statementsOf(await query());
  out[label] = time(statements);
}
console.log(JSON.stringify(out));

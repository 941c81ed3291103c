/** A throwaway local D1 for benchmarks: migrations, seed files in chunks, and SQL commands. */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { MONITORED_PERIPHERAL_TYPES } from "../../contracts/devices/health.ts";
import { pendingMigrationsSql } from "../lib/migrations.ts";
import { quietEnv, ROOT, runTool } from "../lib/proc.ts";
import type { benchFleet } from "./fleet-sql.ts";

const CHUNK = 10_000;

export function localD1(persistDir: string, sqlDir: string) {
  const common = ["--local", "--persist-to", persistDir];
  // A new database gets the migrations in front of the first file it runs (scripts/lib/migrations.ts).
  let migrations = pendingMigrationsSql(persistDir);
  const exec = (file: string) => {
    if (migrations) {
      const first = join(sqlDir, `000-migrations+${basename(file)}`);
      writeFileSync(first, migrations + readFileSync(file, "utf8"));
      migrations = "";
      file = first;
    }
    runTool("wrangler", ["d1", "execute", "DB", ...common, "--file", file, "--yes"], { quiet: true });
  };
  // Wrangler prints query results at log level, which quietEnv's WRANGLER_LOG=warn hides.
  // A failed statement throws: a bench on a half-seeded database measures nothing.
  const command = (sql: string) => {
    // A new database's migrations run first, on their own (exec puts them in front of an empty file).
    if (migrations) {
      const file = join(sqlDir, "000-migrations.sql");
      writeFileSync(file, "");
      exec(file);
    }
    const res = spawnSync(
      `${ROOT}/node_modules/.bin/wrangler`,
      ["d1", "execute", "DB", ...common, "--command", sql, "--json", "--yes"],
      {
        cwd: ROOT,
        env: { ...quietEnv, WRANGLER_LOG: "log" },
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    if (res.status !== 0)
      throw new Error(`d1 execute failed (${res.status}): ${res.stdout}${res.stderr}`.slice(0, 2000));
    return res.stdout;
  };
  /** Statements too long for one --command (D1 caps a statement at 100 KB): written to a file and run from it. */
  const script = (name: string, statements: string[]) => {
    const file = join(sqlDir, `${name}.sql`);
    writeFileSync(file, `${statements.join(";\n")};\n`);
    exec(file);
  };
  return {
    command,
    script,
    async seed(fleet: ReturnType<typeof benchFleet>, devices: number, analyze: boolean) {
      const header = join(sqlDir, "000-header.sql");
      writeFileSync(header, await fleet.headerSql());
      exec(header);
      for (let from = 0; from < devices; from += CHUNK) {
        const file = join(sqlDir, `devices-${from}.sql`);
        writeFileSync(file, fleet.deviceChunkSql(from, Math.min(devices, from + CHUNK)));
        const t = Date.now();
        exec(file);
        console.error(`  seeded ${Math.min(devices, from + CHUNK)} devices (${Date.now() - t} ms)`);
      }
      // Without --analyze the planner has no statistics, as on a fresh D1 database; with it,
      // it has what `PRAGMA optimize` would gather on a live one.
      if (analyze) {
        const file = join(sqlDir, "zz-analyze.sql");
        writeFileSync(file, "ANALYZE;");
        exec(file);
      }
    },
  };
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * A local D1 with `count` devices of the bench fleet, enrolled (one device credential each,
 * derived from the uuid and `salt`) and offline with connected_status connected: the agent
 * benches and the chaos run bring them online themselves. `extra` statements run after (a
 * bench's own set-up). Returns the database and what each agent needs to sign in.
 */
export async function seedEnrolledDevices(
  persistDir: string,
  sqlDir: string,
  fleet: ReturnType<typeof benchFleet>,
  count: number,
  opts: { salt?: string; extra?: string[] } = {},
) {
  const salt = opts.salt ?? "bench";
  const db = localD1(persistDir, sqlDir);
  await db.seed(fleet, count, false);
  const space = fleet.space;
  const rows = JSON.parse(db.command(`SELECT uuid, name FROM device WHERE space_uuid = '${space}' ORDER BY name`)) as {
    results: { uuid: string; name: string }[];
  }[];
  const devices = (rows[0]?.results ?? []).map((r) => ({
    uuid: r.uuid,
    name: r.name,
    space_uuid: space,
    credential: `odc_${salt}_${sha256(`${salt}-${r.uuid}`).slice(0, 40)}`,
  }));
  if (devices.length !== count) throw new Error(`seeded ${devices.length} devices, wanted ${count}`);
  // 500 rows a statement: one INSERT of every credential passes D1's 100 KB statement limit at ~700 devices.
  const inserts: string[] = [];
  for (let i = 0; i < devices.length; i += 500) {
    const values = devices.slice(i, i + 500).map((d) => `('${sha256(d.credential)}','${d.uuid}','${space}')`);
    inserts.push(`INSERT INTO device_credential (token_hash, device_uuid, space_uuid) VALUES ${values.join(",")}`);
  }
  db.script("enrolled", [
    // Enabled too: a disabled device takes no command (409 "Device is disabled"), and the fleet has 10 % of them.
    `UPDATE device SET online = 0, online_since = NULL, connected_status = 'connected', enabled = 1 WHERE space_uuid = '${space}'`,
    ...inserts,
    ...(opts.extra ?? []),
  ]);
  return Object.assign(devices, { db });
}

/**
 * EXPLAIN QUERY PLAN of the list's statements (the shape drizzle generates), to show which index
 * each one walks: the default page, a keyset page, a filtered page and the count.
 */
export function printPlans(exec: (command: string) => string, space: string) {
  const from = `from "device" left join "location" on "location"."uuid" = "device"."location_uuid"`;
  const plans: [string, string][] = [
    [
      "first page -online",
      `select "device"."uuid" ${from} where "device"."space_uuid" = '${space}' order by "device"."online" desc, "device"."uuid" desc limit 36`,
    ],
    [
      "keyset -online",
      `select "device"."uuid" ${from} where "device"."space_uuid" = '${space}' and ("device"."online", "device"."uuid") < (0, '8') order by "device"."online" desc, "device"."uuid" desc limit 37`,
    ],
    [
      "keyset -installation_date (value range)",
      `select "device"."uuid" ${from} where "device"."space_uuid" = '${space}' and ("device"."installation_date", "device"."uuid") < ('2025-06-01', '8') order by "device"."installation_date" desc, "device"."uuid" desc limit 37`,
    ],
    [
      "search (row ids read from the name index)",
      `select "device"."uuid" ${from} where "device"."space_uuid" = '${space}' and "device".rowid in (select "s".rowid from "device" as "s" where "s"."space_uuid" = '${space}' and ("s"."name" like '%x%' or "s"."machine_id" like '%x%')) order by "device"."online" desc, "device"."uuid" desc limit 36`,
    ],
    [
      "search of 3+ characters (FTS5 device_search, trigram)",
      `select "device"."uuid" ${from} where "device"."space_uuid" = '${space}' and "device".rowid in (select rowid from device_search where device_search match '"Location 17"' and space_uuid = '${space}') order by "device"."online" desc, "device"."uuid" desc limit 36`,
    ],
    [
      "connected_status filter",
      `select "device"."uuid" ${from} where "device"."space_uuid" = '${space}' and "device"."connected_status" = 'connected' order by "device"."online" desc, "device"."uuid" desc limit 36`,
    ],
    ["count", `select count(*) from "device" where "device"."space_uuid" = '${space}'`],
    [
      "monitoring counts (problem devices)",
      `select sum("combined_status" = 2), sum("cpu_condition" = 3), sum("peripherals_condition" = 3) from "device" where "device"."space_uuid" = '${space}' and "device"."connected_status" = 'connected' and "device"."combined_status" >= 2`,
    ],
    [
      "monitoring counts (peripheral types)",
      `select "type", sum("condition" = 2), sum("condition" = 3) from "device_peripheral_condition" inner join "device" on "device"."uuid" = "device_peripheral_condition"."device_uuid" where "device_peripheral_condition"."space_uuid" = '${space}' and "type" in (${MONITORED_PERIPHERAL_TYPES.map((t) => `'${t}'`).join(",")}) and "condition" >= 2 and "device"."space_uuid" = '${space}' and "device"."connected_status" = 'connected' and "device"."combined_status" >= 2 group by "type"`,
    ],
    [
      "monitoring list first page",
      `select "device"."uuid" ${from} where "device"."space_uuid" = '${space}' and "device"."connected_status" = 'connected' order by "device"."combined_status" desc, "device"."name", "device"."uuid" limit 36`,
    ],
    [
      "-last_seen, online=false",
      `select "device"."uuid" ${from} where "device"."space_uuid" = '${space}' and "device"."online" = 0 and "device"."last_seen" is not null order by "device"."last_seen" desc, "device"."uuid" desc limit 37`,
    ],
  ];
  for (const [label, query] of plans) {
    const out = exec(`EXPLAIN QUERY PLAN ${query}`);
    const rows = (JSON.parse(out) as { results: { detail: string }[] }[])[0]?.results ?? [];
    console.log(`- ${label}: ${rows.map((r) => r.detail).join("; ")}`);
  }
}

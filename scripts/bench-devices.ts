/**
 * Device list benchmark: seeds one space with 100 000 devices (plus locations, tags and tag
 * links) into a throwaway local D1, serves it as `npm start` does (scripts/serve.ts) and times the device list
 * calls through fetch on localhost: the first page, page 50 by number, a deep page by number and
 * by keyset cursor, every ordering and every filter of the devices filter set; the FTS search
 * against the contains scan it replaced, the column orderings and multi-value filters;
 * the CSV export of every device; and the monitoring counts and list (GET …/monitoring/counts/,
 * …/monitoring/device/items/).
 *
 *   npm run bench                                   (the runner: scripts/bench.ts)
 *   node scripts/bench-devices.ts [--devices 100000] [--runs 15] [--port N (default: a free one)] [--analyze] [--keep] [--direct]
 *
 * --direct: with BENCH_SERVER=wrangler-dev (served by `wrangler dev`), the requests go to the Worker
 * runtime's own entry socket, past the second workerd that `wrangler dev` puts in front of it;
 * the default server has no such proxy, so there it changes nothing.
 *
 * Prints a Markdown table (median / p95 / min in ms, objects_count) for docs/benchmarks.md, then
 * some of the same requests' SQL timed directly on the SQLite file (scripts/bench/raw-sql.ts) with
 * the API's median as a multiple of it.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEVICE_TYPES } from "../contracts/reference.ts";
import { benchFleet, benchIp, benchMac } from "./bench/fleet-sql.ts";
import { localD1, printPlans } from "./bench/local-d1.ts";
import { percentile, runtimeOrigin, signIn, startFrozenServer } from "./bench/server.ts";
import { freePort, ROOT } from "./lib/proc.ts";

const { values: args } = parseArgs({
  options: {
    devices: { type: "string", default: "100000" },
    runs: { type: "string", default: "15" },
    port: { type: "string" },
    keep: { type: "boolean", default: false },
    analyze: { type: "boolean", default: false },
    /** Requests go to the Worker runtime's own entry socket, past wrangler dev's proxy (production has none). */
    direct: { type: "boolean", default: false },
  },
});
const DEVICES = Number(args.devices);
const RUNS = Number(args.runs);
const PORT = args.port ? Number(args.port) : await freePort(8799);
/** Where the requests go: wrangler dev's port, or with --direct the runtime's entry socket (set once it runs). */
let ORIGIN = `http://127.0.0.1:${PORT}`;
const fleet = benchFleet();
const SPACE = fleet.space;
const LOCATIONS = fleet.locations;
const TAGS = fleet.tags;

/** A list reply, or the monitoring counts (devices.total instead of objects_count). */
type Reply = {
  devices?: { uuid: string }[] | { total: number };
  objects_count?: number;
  links?: { next: string | null };
};

async function time(path: string, token: string) {
  const t = performance.now();
  const res = await fetch(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as Reply;
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

async function measure(label: string, path: string) {
  const token = await signIn(ORIGIN);
  for (let i = 0; i < 3; i++) await time(path, token);
  const samples: number[] = [];
  let count = 0;
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, body } = await time(path, token);
    samples.push(ms);
    const devices = body.devices;
    count = body.objects_count ?? (devices && !Array.isArray(devices) ? devices.total : 0);
    rows = Array.isArray(devices) ? devices.length : 0;
  }
  samples.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  const line = `| ${label} | ${f(percentile(samples, 0.5))} | ${f(percentile(samples, 0.95))} | ${f(samples[0])} | ${rows} | ${count} |`;
  console.log(line);
  medians.set(label, percentile(samples, 0.5));
  return line;
}

/**
 * The CSV export of every device (streamed): time to the first byte and to the last, rows and
 * bytes; `runs` times (it is long), median and slowest.
 */
async function measureExport(label: string, path: string, runs = 3) {
  const token = await signIn(ORIGIN);
  const first: number[] = [];
  const total: number[] = [];
  let rows = 0;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await fetch(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    let newlines = 0;
    bytes = 0;
    for (let chunk = await reader.read(), seen = false; !chunk.done; chunk = await reader.read()) {
      if (!seen) first.push(performance.now() - t);
      seen = true;
      bytes += chunk.value.length;
      for (const byte of chunk.value) if (byte === 10) newlines++;
    }
    total.push(performance.now() - t);
    rows = newlines - 1;
  }
  first.sort((a, b) => a - b);
  total.sort((a, b) => a - b);
  const line = `| ${label} | ${percentile(total, 0.5).toFixed(0)} | ${total.at(-1)?.toFixed(0)} | first byte ${percentile(first, 0.5).toFixed(0)} ms | ${rows} | ${(bytes / 1e6).toFixed(1)} MB |`;
  console.log(line);
  return line;
}

/** Median ms of each measured request, by label (for the raw SQL comparison). */
const medians = new Map<string, number>();

/**
 * The same scenarios' SQL run directly on the SQLite file (scripts/bench/raw-sql.ts, in a child
 * Node that can load the Worker's code), and the API's median as a multiple of it.
 */
function rawSqlComparison(persistDir: string) {
  const res = spawnSync(
    process.execPath,
    [
      "--experimental-transform-types",
      "--no-warnings",
      join(ROOT, "scripts/bench/raw-sql.ts"),
      "--state",
      persistDir,
      "--runs",
      String(RUNS),
      "--space",
      SPACE,
    ],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  if (res.status !== 0) throw new Error(`raw-sql.ts failed (${res.status}): ${res.stderr}`.slice(0, 2000));
  const raw = JSON.parse(res.stdout.trim().split("\n").at(-1) ?? "{}") as Record<
    string,
    { median_ms: number; p95_ms: number; statements: number }
  >;
  const lines = [
    "| request | API median ms | raw SQL median ms | raw SQL p95 ms | statements | API ÷ raw SQL |",
    "|---|---|---|---|---|---|",
  ];
  for (const [label, r] of Object.entries(raw)) {
    const api = medians.get(label);
    if (api === undefined) continue;
    lines.push(
      `| ${label} | ${api.toFixed(1)} | ${r.median_ms.toFixed(2)} | ${r.p95_ms.toFixed(2)} | ${r.statements} | ${(api / r.median_ms).toFixed(1)}× |`,
    );
  }
  console.log(`\nThe same SQL directly on the SQLite file (node:sqlite, statements in sequence):\n${lines.join("\n")}`);
  return lines;
}

const base = `/api/space/${SPACE}/device/items/`;
const monitoring = `/api/space/${SPACE}/monitoring/`;
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

async function run() {
  const work = mkdtempSync(join(tmpdir(), "outpost-bench-"));
  // The seeded fleet is ≈ 2 GB: a run that fails while seeding, or is stopped with Ctrl-C (the
  // server's SIGINT handler exits), leaves none of it.
  if (!args.keep) process.on("exit", () => rmSync(work, { recursive: true, force: true }));
  const persistDir = join(work, "state");
  const sqlDir = join(work, "sql");
  mkdirSync(sqlDir, { recursive: true });
  console.error(`Seeding ${DEVICES} devices into ${persistDir}…`);
  const t0 = Date.now();
  const db = localD1(persistDir, sqlDir);
  await db.seed(fleet, DEVICES, Boolean(args.analyze));
  console.log("Query plans:");
  printPlans(db.command, SPACE);
  console.error(`Seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s. Starting wrangler dev on ${PORT}…`);
  // A frozen bundle: plain `wrangler dev` restarts workerd (closing every socket, e.g. a long
  // export) whenever someone edits a file in the checkout.
  const { server } = await startFrozenServer(PORT, work, persistDir);
  try {
    if (args.direct) {
      ORIGIN = await runtimeOrigin(server);
      console.error(`Requests go to ${ORIGIN}, the runtime's entry socket (past wrangler dev's proxy).`);
    }
    const token = await signIn(ORIGIN);
    // A deep page by number, and the same page reached by the cursor in its predecessor's links.
    const deepPage = Math.max(2, Math.floor(DEVICES / 36) - 5);
    const before = await time(`${base}?page=${deepPage - 1}`, token);
    const deepCursor = before.body.links?.next ? pathOf(before.body.links.next) : `${base}?page=${deepPage}`;
    const fifty = await time(`${base}?page=49`, token);
    const cursor50 = fifty.body.links?.next ? pathOf(fifty.body.links.next) : `${base}?page=50`;
    const tagged = `${base}?tag_uuid=${TAGS[3]}`;
    const lastName = `Device ${String(DEVICES - 1).padStart(6, "0")}`;
    const lines = [
      `| request (${DEVICES} devices, page_size 36) | median ms | p95 ms | min ms | rows | objects_count |`,
      "|---|---|---|---|---|---|",
    ];
    console.log(lines.join("\n"));
    const scenarios: [string, string][] = [
      ["baseline: GET /space/{space}/ (auth + membership, no list)", `/api/space/${SPACE}/`],
      ["first page (-online)", base],
      ["page 50 by number", `${base}?page=50`],
      ["page 50 by cursor", cursor50],
      [`page ${deepPage} by number (OFFSET ${(deepPage - 1) * 36})`, `${base}?page=${deepPage}`],
      [`page ${deepPage} by cursor (keyset)`, deepCursor],
      ["ordering=-created_at", `${base}?ordering=-created_at`],
      ["ordering=created_at", `${base}?ordering=created_at`],
      ["ordering=-installation_date", `${base}?ordering=-installation_date`],
      ["ordering=installation_date", `${base}?ordering=installation_date`],
      ["ordering=-updated_at", `${base}?ordering=-updated_at`],
      ["search=Device 01 (10 000 matches)", `${base}?search=Device%2001`],
      ["search=Device 0999 (100 matches)", `${base}?search=Device%200999`],
      [`search=${lastName} (one match)`, `${base}?search=${encodeURIComponent(lastName)}`],
      // The FTS5 search (3+ characters) against the contains scan the search was
      // before (?name= still is one, over the (space_uuid, name, machine_id) index).
      ["contains: name=Device 0999 (100 matches)", `${base}?name=Device%200999`],
      ["contains: name=Device 01 (10 000 matches)", `${base}?name=Device%2001`],
      ["contains: name=nowhere (no match)", `${base}?name=nowhere`],
      ["FTS: search=nowhere (no match)", `${base}?search=nowhere`],
      ["FTS: search=Location 17 (location name, 11 locations)", `${base}?search=Location%2017`],
      ["FTS: search=tag-7 (tag name)", `${base}?search=tag-7`],
      ["FTS: search=entrance 42 (description)", `${base}?search=entrance%2042`],
      [`FTS: search=${benchIp(DEVICES - 7)} (IP, one match)`, `${base}?search=${benchIp(DEVICES - 7)}`],
      [
        `FTS: search=${benchMac(DEVICES - 7).slice(9)} (MAC fragment)`,
        `${base}?search=${benchMac(DEVICES - 7).slice(9)}`,
      ],
      ["search=De (2 characters: contains)", `${base}?search=De`],
      ["ordering=name", `${base}?ordering=name`],
      ["ordering=-name", `${base}?ordering=-name`],
      ["ordering=connected_status", `${base}?ordering=connected_status`],
      ["ordering=-device_class", `${base}?ordering=-device_class`],
      ["ordering=device_type_name (joined name, sorted)", `${base}?ordering=device_type_name`],
      ["ordering=-location_name (joined name, sorted)", `${base}?ordering=-location_name`],
      [
        "connected_status=connected&connected_status=disconnected",
        `${base}?connected_status=connected&connected_status=disconnected`,
      ],
      ["tag_uuid × 3 (any of)", `${base}?tag_uuid=${TAGS[3]}&tag_uuid=${TAGS[4]}&tag_uuid=${TAGS[5]}`],
      [
        "location_uuid × 2 & ordering=name",
        `${base}?location_uuid=${LOCATIONS[7]}&location_uuid=${LOCATIONS[8]}&ordering=name`,
      ],
      [`location_uuid (~${Math.round(DEVICES / LOCATIONS.length)})`, `${base}?location_uuid=${LOCATIONS[7]}`],
      ["device_type_uuid=Linux", `${base}?device_type_uuid=${DEVICE_TYPES[0].uuid}`],
      ["connected_status=connected", `${base}?connected_status=connected`],
      ["connected_status=archived", `${base}?connected_status=archived`],
      ["online=true", `${base}?online=true`],
      ["online=false", `${base}?online=false`],
      ["enabled=false", `${base}?enabled=false`],
      ["vision_enabled=enabled", `${base}?vision_enabled=enabled`],
      ["tag_uuid", tagged],
      ["location + connected + online", `${base}?location_uuid=${LOCATIONS[7]}&connected_status=connected&online=true`],
      ["ordering=-last_seen & online=false (Activity: disconnected)", `${base}?online=false&ordering=-last_seen`],
      ["ordering=-combined_status (Problems first)", `${base}?ordering=-combined_status`],
      ["monitoring counts (all headings and peripheral types)", `${monitoring}counts/`],
      ["monitoring counts domain=top", `${monitoring}counts/?domain=top`],
      ["monitoring counts location_uuid", `${monitoring}counts/?location_uuid=${LOCATIONS[7]}`],
      ["monitoring counts heading=cpu&condition=3", `${monitoring}counts/?heading=cpu&condition=3`],
      ["monitoring list first page", `${monitoring}device/items/`],
      ["monitoring list domain=top", `${monitoring}device/items/?domain=top`],
      ["monitoring list domain=bottom", `${monitoring}device/items/?domain=bottom`],
      [
        "monitoring list heading=bill_acceptor&condition=3",
        `${monitoring}device/items/?heading=bill_acceptor&condition=3`,
      ],
    ];
    for (const [label, path] of scenarios) lines.push(await measure(label, path));
    const exportLines = [
      "",
      "| CSV export (streamed) | median ms | slowest ms | first byte | rows | size |",
      "|---|---|---|---|---|---|",
    ];
    console.log(exportLines.join("\n"));
    exportLines.push(await measureExport("every device, -online", `${base}export/`));
    exportLines.push(
      await measureExport(
        "connected_status=connected, ordering=name",
        `${base}export/?connected_status=connected&ordering=name`,
      ),
    );
    lines.push(...exportLines);
    lines.push("", ...rawSqlComparison(persistDir));
    if (args.keep) {
      writeFileSync(join(work, "results.md"), `${lines.join("\n")}\n`);
      console.error(`\nResults also in ${join(work, "results.md")}`);
    }
  } finally {
    server.kill("SIGTERM");
    if (!args.keep) rmSync(work, { recursive: true, force: true });
    else console.error(`Kept ${work}`);
  }
}

await run();

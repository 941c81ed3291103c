/**
 * workerd's CPU per request of the console's main reads, past wrangler's proxy: seeds the
 * bench fleet (100 000 devices) into a throwaway local D1, serves a frozen bundle of this checkout,
 * and times N requests each of the first page, page 50 by number and page 50 by its predecessor's
 * cursor, then of one device's detail, its comments (General tab) and audit entries (Logs tab), an
 * edit of it (a rename, alternating names), the location list's first page, one location, the
 * wall's summary, the monitoring counts and list, the group list and (N/10 times) the wall's
 * location availability, one after another, with the CPU (user + system, /proc) of the workerd
 * processes over each batch. CPU per request moves less between runs than wall time on a shared
 * machine: compare two commits by running this in a worktree of each, alternately.
 *
 *   N=400 node scripts/bench/list-cpu.ts
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/proc.ts";
import { benchFleet } from "./fleet-sql.ts";
import { localD1 } from "./local-d1.ts";
import { cpuSeconds, processTree, runtimeOrigin, signIn, startFrozenServer } from "./server.ts";

const N = Number(process.env.N ?? 400);
const fleet = benchFleet();
const work = mkdtempSync(join(tmpdir(), "outpost-list-cpu-"));
// The seeded fleet is ≈ 2 GB: no run leaves it behind, failed ones included (thirty runs had filled the disk).
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
const persistDir = join(work, "state");
mkdirSync(join(work, "sql"), { recursive: true });
await localD1(persistDir, join(work, "sql")).seed(fleet, 100_000, false);
const { server } = await startFrozenServer(await freePort(8811), work, persistDir);
try {
  const origin = await runtimeOrigin(server);
  const token = await signIn(origin);
  const base = `${origin}/api/space/${fleet.space}/device/items/`;
  const cpu = () =>
    processTree(server.pid ?? 0)
      .filter((p) => p.comm.startsWith("workerd"))
      .reduce((sum, p) => sum + cpuSeconds(p.pid), 0);
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { links?: { next?: string | null }; devices?: { uuid: string }[] };
  };
  const get = (url: string) => call(url);
  const fortyNine = await get(`${base}?page=49`);
  const cursor = String(fortyNine.links?.next).replace(/^https?:\/\/[^/]+/, origin);
  // The first page's first device (connected: its detail also asks the device's room).
  const first = (await get(base)).devices?.[0] as { uuid: string; location_uuid: string };
  const space = `${origin}/api/space/${fleet.space}`;
  const device = `${space}/device/${first.uuid}/`;
  let renames = 0;
  const rename = () =>
    call(device, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Bench device ${renames++ % 2}` }),
    });
  console.log(`| request (100 000 devices, ${N} each) | wall ms per request | workerd CPU ms per request |`);
  console.log("| --- | --- | --- |");
  const requests: [label: string, request: () => Promise<unknown>, divisor?: number][] = [
    ["first page (-online)", () => get(base)],
    ["page 50 by number", () => get(`${base}?page=50`)],
    ["page 50 by cursor", () => get(cursor)],
    ["device detail", () => get(device)],
    ["device comments (General tab)", () => get(`${device}comment/items/`)],
    ["device audit entries (Logs tab)", () => get(`${device}audit/items/`)],
    ["device edit (PATCH name)", rename],
    ["location list, first page", () => get(`${space}/location/items/?page_size=36`)],
    ["one location", () => get(`${space}/location/${first.location_uuid}/`)],
    ["wall summary (whole space)", () => get(`${space}/wall/`)],
    ["monitoring counts", () => get(`${space}/monitoring/counts/`)],
    ["monitoring list, first page", () => get(`${space}/monitoring/device/items/`)],
    ["group list", () => get(`${space}/location-group/items/`)],
    // The wall's availability panels (refetched every 5 minutes), N/10 times each: they are slow.
    ["location availability, 24 h (N/10)", () => get(`${space}/location/availability/?window=24h`), 10],
    ["location availability, 7 days (N/10)", () => get(`${space}/location/availability/?window=7d`), 10],
  ];
  for (const [label, request, divisor = 1] of requests) {
    const times = Math.max(1, Math.round(N / divisor));
    for (let i = 0; i < Math.min(30, times); i++) await request(); // warm-up
    const cpu0 = cpu();
    const t0 = performance.now();
    for (let i = 0; i < times; i++) await request();
    const wall = (performance.now() - t0) / times;
    console.log(`| ${label} | ${wall.toFixed(2)} | ${(((cpu() - cpu0) * 1000) / times).toFixed(2)} |`);
  }
} finally {
  server.kill("SIGTERM");
}

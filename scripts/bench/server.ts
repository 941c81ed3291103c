/**
 * What the benchmarks share: a fresh state dir under .wrangler/bench-*, the console's server on it,
 * the OIDC password grant for the bench user, percentiles and the CPU time of the server's tree.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import { ROOT, runTool, startConsole, waitForHttp } from "../lib/proc.ts";
import { BENCH_EMAIL, BENCH_PASSWORD } from "./fleet-sql.ts";

/** An empty state directory (.wrangler/bench-<name>, git-ignored) plus a folder for seed SQL. */
export function benchDirs(name: string) {
  const work = join(ROOT, ".wrangler", `bench-${name}`);
  rmSync(work, { recursive: true, force: true });
  const persistDir = join(work, "state");
  const sqlDir = join(work, "sql");
  mkdirSync(sqlDir, { recursive: true });
  mkdirSync(persistDir, { recursive: true });
  return { work, persistDir, sqlDir };
}

type RunningServer = { origin: string; server: ChildProcess };

/**
 * The console's server on 127.0.0.1:port, its state in persistDir (`args` before the common ones):
 * scripts/serve.ts, as `npm start` runs it (the Worker in workerd, no dev proxy), or `wrangler dev`
 * when BENCH_SERVER=wrangler-dev (its dev proxy in front, as before the sixteenth stop). Stopped on
 * Ctrl-C, resolved once /healthz answers.
 */
async function serve(port: number, persistDir: string, args: string[] = []): Promise<RunningServer> {
  const common = [
    ...args,
    ...(process.env.BENCH_INSPECTOR_PORT ? ["--inspector-port", process.env.BENCH_INSPECTOR_PORT] : []),
    ...["--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistDir],
  ];
  const server = startConsole(common, {
    devProxy: process.env.BENCH_SERVER === "wrangler-dev",
    env: { WRANGLER_LOG: "error" },
  });
  process.on("SIGINT", () => {
    server.kill("SIGTERM");
    process.exit(130);
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/healthz`, 90_000);
  return { origin, server };
}

/**
 * `wrangler dev` on a frozen copy of the Worker: `wrangler deploy --dry-run` bundles it into
 * `work/bundle`, and a generated config (the project's, with absolute paths) runs that bundle with
 * `--no-bundle`. Plain `wrangler dev` watches the sources and restarts workerd — closing every
 * socket — whenever anyone edits a file in this shared checkout; a frozen bundle (and assets of
 * the bench's own) does not.
 */
export async function startFrozenServer(
  port: number,
  work: string,
  persistDir: string,
  /** Static assets; by default an empty folder of the bench's own (wrangler also reloads when
   *  the assets change, e.g. when someone rebuilds web/dist). */
  assets = join(work, "assets"),
  /** Optional: given the bundle folder, the module to run instead of its index.js (a bench's instrumented wrapper). */
  entry?: (bundle: string) => string,
  /** Variables set over the config's (e.g. ROOM_SOCKETS_PER_ACCOUNT for the fan-out's one account). */
  vars: Record<string, string> = {},
): Promise<RunningServer> {
  const bundle = join(work, "bundle");
  // The project's config names web/dist as its assets: a fresh clone has none until a build.
  mkdirSync(`${ROOT}/web/dist`, { recursive: true });
  runTool("wrangler", ["deploy", "--dry-run", "--outdir", bundle], { quiet: true });
  const jsonc = readFileSync(join(ROOT, "wrangler.jsonc"), "utf8");
  // Drop // comments (none of the config's strings contains "//" after a quote-free prefix).
  const config = JSON.parse(jsonc.replace(/^\s*\/\/.*$/gm, "")) as Record<string, unknown> & {
    assets: { directory: string };
    d1_databases: { migrations_dir: string }[];
  };
  delete config.$schema;
  config.main = entry ? entry(bundle) : join(bundle, "index.js");
  config.assets.directory = assets;
  for (const db of config.d1_databases) db.migrations_dir = join(ROOT, db.migrations_dir);
  config.observability = { enabled: false };
  config.vars = { ...(config.vars as Record<string, string> | undefined), ...vars };
  const file = join(work, "wrangler.json");
  writeFileSync(file, JSON.stringify(config, null, 2));
  mkdirSync(assets, { recursive: true });
  return serve(port, persistDir, ["--config", file, "--no-bundle"]);
}

/**
 * The frozen server of `work` (made by startFrozenServer) started again on the same state: a
 * restart of the runtime without bundling again (the reconnect-wave bench kills the first one).
 */
export function restartFrozenServer(port: number, work: string, persistDir: string): Promise<RunningServer> {
  return serve(port, persistDir, ["--config", join(work, "wrangler.json"), "--no-bundle"]);
}

export async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      username: BENCH_EMAIL,
      password: BENCH_PASSWORD,
      client_id: CONSOLE_CLIENT_ID,
    }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : Number.NaN;

/** The process ids of pid and all its descendants, with their command names (Linux /proc). */
export function processTree(pid: number): { pid: number; comm: string }[] {
  const children = new Map<number, number[]>();
  const comm = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      comm.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  const out: { pid: number; comm: string }[] = [];
  const walk = (p: number) => {
    out.push({ pid: p, comm: comm.get(p) ?? "?" });
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** User + system CPU seconds a process has used so far (clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuParts(pid);
  return user + system;
}

/** A process's CPU seconds so far, in user space and in the kernel (/proc/<pid>/stat utime, stime). */
export function cpuParts(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/**
 * The origin of the Worker runtime's own entry socket: the server's own port under scripts/serve.ts,
 * which has no proxy; under `wrangler dev` (BENCH_SERVER=wrangler-dev), past its proxy. `wrangler dev`
 * runs two workerd processes: a proxy on the dev port (it holds ≈ 4 file descriptors per open
 * WebSocket: the ceiling at ≈ 4,500 agents here) and the runtime with the Worker and its rooms,
 * listening on a random local port. Production has no such proxy, so a bench of many sockets may
 * connect straight to the runtime. Found from the runtime's listening sockets (/proc) and the
 * one that answers /healthz.
 */
export async function runtimeOrigin(server: ChildProcess): Promise<string> {
  const cmdlines = processTree(server.pid ?? 0)
    .filter((p) => p.comm.startsWith("workerd"))
    .map((p) => {
      try {
        return { pid: p.pid, cmdline: readFileSync(`/proc/${p.pid}/cmdline`, "utf8") };
      } catch {
        return { pid: p.pid, cmdline: "" };
      }
    });
  // wrangler dev's runtime listens on a random port ("entry=127.0.0.1:0") behind its proxy, which
  // has the dev port; scripts/serve.ts's runtime listens on the port itself.
  const behindProxy = cmdlines.filter((p) => p.cmdline.includes("entry=127.0.0.1:0"));
  const runtimes = behindProxy.length ? behindProxy : cmdlines.filter((p) => p.cmdline.includes("entry="));
  const inodes = new Set<string>();
  for (const { pid } of runtimes) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m) inodes.add(m[1]);
      } catch {
        // closed meanwhile
      }
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is "HEXIP:HEXPORT"; st 0A = LISTEN; inode is column 10.
      if (cols.length > 9 && cols[3] === "0A" && inodes.has(cols[9]))
        ports.push(Number.parseInt(cols[1].split(":")[1], 16));
    }
  }
  for (const port of ports) {
    const origin = `http://127.0.0.1:${port}`;
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(3000) });
      if (res.ok && (await res.text()).includes('"ok":true')) return origin;
    } catch {
      // not the entry socket
    }
  }
  throw new Error(
    `no runtime entry socket found among ports ${ports.join(", ") || "(none)"} of workerd ${runtimes.map((r) => r.pid).join(", ")}`,
  );
}

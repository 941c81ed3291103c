import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Wrangler and miniflare stay offline and silent (no telemetry, no update checks, no cf fetch). */
export const quietEnv: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  DO_NOT_TRACK: "1",
  NO_UPDATE_NOTIFIER: "1",
  WRANGLER_LOG: process.env.WRANGLER_LOG ?? "warn",
  // wrangler dev's local observability keeps a trace of every invocation (each WebSocket frame to
  // a room is one) in a SQLite store of its own: at 1,000 agents it wrote ≈ 3 GB in 8 minutes and
  // stalled workerd on disk (the queue bench's agents all timed out). Nothing here reads it.
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
};

const bin = (name: string) => `${ROOT}/node_modules/.bin/${name}`;

/** Runs a node_modules/.bin tool to completion; throws with its output when it fails. */
export function runTool(name: string, args: string[], opts: { quiet?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const res = spawnSync(bin(name), args, {
    cwd: ROOT,
    env: { ...quietEnv, ...opts.env },
    stdio: opts.quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (res.status !== 0) {
    if (opts.quiet) process.stderr.write(`${res.stdout ?? ""}${res.stderr ?? ""}`);
    throw new Error(`${name} ${args.join(" ")} exited with ${res.status}`);
  }
  return res.stdout ?? "";
}

/** Runs one of the project's scripts with this Node (the devDependency's) to completion; throws when it fails. */
export function runNode(script: string, args: string[] = []) {
  const res = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, env: quietEnv, stdio: "inherit" });
  if (res.status !== 0) throw new Error(`node ${script} ${args.join(" ")} exited with ${res.status}`);
}

export function startTool(name: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(bin(name), args, { cwd: ROOT, env: { ...quietEnv, ...extraEnv }, stdio: "inherit" });
}

/**
 * scripts/serve.ts (the Worker in workerd, no dev proxy) with `args` (`--port`, `--persist-to`,
 * `--var NAME:value`…), as a child process: stopping it stops its workerd.
 */
export function startServer(args: string[], extraEnv: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [`${ROOT}/scripts/serve.ts`, ...args], {
    cwd: ROOT,
    env: { ...quietEnv, ...extraEnv },
    stdio: "inherit",
  });
}

/**
 * The console's server with `args` (`--port`, `--ip`, `--persist-to`, `--var NAME:value`…), both
 * accept the same: scripts/serve.ts (the Worker in workerd, as users run it), or with `devProxy`
 * `wrangler dev`, whose proxy reloads the Worker on edits (`npm run dev`, BENCH_SERVER=wrangler-dev).
 */
export function startConsole(
  args: string[],
  { devProxy = false, env = {} }: { devProxy?: boolean; env?: NodeJS.ProcessEnv } = {},
): ChildProcess {
  return devProxy ? startTool("wrangler", ["dev", ...args], env) : startServer(args, env);
}

export async function waitForHttp(url: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A port nothing listens on now (other dev servers and e2e runs may hold the usual ones), else `fallback`. */
export async function freePort(fallback: number): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : fallback;
}

/** Stops children on Ctrl-C / SIGTERM so no workerd is left behind. */
export function killOnExit(children: ChildProcess[]) {
  const stop = () => {
    for (const child of children) child.kill("SIGTERM");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

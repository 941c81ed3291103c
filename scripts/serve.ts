/**
 * Serves the Worker in workerd on one port, with local D1, Durable Objects and R2 kept in
 * `--persist-to`: what `npm start`, the browser tests and the benchmarks run.
 *
 *   node scripts/serve.ts --port 8787 --persist-to .wrangler/state [--var NAME:value]…
 *        [--config wrangler.jsonc] [--no-bundle] [--inspector-port N]
 *
 * It is `wrangler dev` without its dev proxy. Wrangler bundles the Worker (`wrangler deploy
 * --dry-run`, as for a deploy) and turns the project's wrangler.jsonc into the runtime's options
 * (`unstable_getMiniflareWorkerOptions`: bindings, rooms, assets with the SPA fallback); wrangler's
 * own local runtime (its Miniflare and workerd) then serves the bundle on the port itself.
 * `wrangler dev` puts a second workerd in front of that port, which re-sends every request and
 * every WebSocket frame so that an edit can reload the Worker without dropping connections. A
 * console that is run, not edited, does not need it, and production has none. Without it the
 * server spends ≈ 27 % less CPU on a fan-out to 1 000 sockets and ≈ 25 % less per socket closed,
 * and an API call takes ≈ 1–3 ms less; connecting 1 000 sockets at once is not reliably faster
 * (docs/benchmarks.md, "Sixteenth stop"). The paths the Worker answers first (`run_worker_first`)
 * also skip the local assets router, as they skip Cloudflare's in production (worker-routes.ts).
 * `npm run dev` keeps `wrangler dev` for editing.
 * With `--no-bundle` the config's `main` is served as it is (the benchmarks' frozen bundles).
 */
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare, wrangler } from "./lib/local-runtime.ts";
import { ROOT, runTool } from "./lib/proc.ts";
import { workerFirstRoutes } from "./lib/worker-routes.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    ip: { type: "string", default: "127.0.0.1" },
    "persist-to": { type: "string", default: join(ROOT, ".wrangler", "state") },
    var: { type: "string", multiple: true, default: [] },
    config: { type: "string", default: join(ROOT, "wrangler.jsonc") },
    "no-bundle": { type: "boolean", default: false },
    "inspector-port": { type: "string" },
  },
});

const port = Number(values.port);
const configPath = resolve(values.config);
const { workerOptions, main } = wrangler.unstable_getMiniflareWorkerOptions(configPath);
// The Worker's name keys its rooms' storage (v3/do/<name>-<class>): the same as wrangler dev's.
const { name, assets } = wrangler.unstable_readConfig({ config: configPath });
// The paths the Worker answers first go to it straight from the runtime's entry, past the local
// assets router (scripts/lib/worker-routes.ts); everything else still goes through the router.
const routes = workerFirstRoutes(assets?.run_worker_first);

let script: string;
if (values["no-bundle"]) {
  if (!main) throw new Error(`${configPath} names no "main" to serve`);
  script = resolve(dirname(configPath), main);
} else {
  // Per port, so servers on other ports (the e2e server, a bench) keep their own bundle.
  const outdir = join(ROOT, ".wrangler", `serve-bundle-${port}`);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  runTool("wrangler", ["deploy", "--dry-run", "--config", configPath, "--outdir", outdir], { quiet: true });
  script = join(outdir, "index.js");
}

/** `--var NAME:value`, as wrangler dev takes it. */
const vars = Object.fromEntries(
  (values.var ?? []).map((pair) => {
    const at = pair.indexOf(":");
    if (at < 1) throw new Error(`--var wants NAME:value, got ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);

const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: values.ip,
    port,
    // wrangler dev --persist-to D keeps its state in D/v3; the same layout, so either can open it.
    resourcePersistencePath: join(resolve(values["persist-to"]), "v3"),
    log: new Log(LogLevel.WARN),
    // Offline: the runtime's placeholder Request.cf, never a fetch of Cloudflare's.
    cf: false,
    ...(values["inspector-port"] ? { inspectorPort: Number(values["inspector-port"]) } : {}),
    workers: [
      {
        ...workerOptions,
        name,
        ...(routes.length ? { routes } : {}),
        // One bundled module (or a bench's wrapper importing it): its imports are found from its folder.
        modulesRules: undefined,
        rootPath: dirname(script),
        modules: true,
        scriptPath: script,
        bindings: { ...(workerOptions.bindings as Record<string, unknown>), ...vars },
      },
    ],
  }),
);

const ready = await mf.ready.catch(async (error: { code?: string }) => {
  await mf.dispose().catch(() => {});
  if (error?.code === "ERR_ADDRESS_IN_USE") {
    console.error(`Port ${port} on ${values.ip} is in use: stop what holds it or pick another (PORT=… npm start).`);
    process.exit(1);
  }
  throw error;
});
console.log(`Serving the Worker at ${ready.origin.replace("127.0.0.1", "localhost")}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await mf.dispose().catch(() => {});
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

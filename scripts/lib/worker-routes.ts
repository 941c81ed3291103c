/**
 * The local runtime's routes for a Worker with static assets (scripts/serve.ts).
 *
 * With `assets` configured, Miniflare sends every request through two Workers of its own before
 * ours: an RPC proxy, then the assets router, which reads `run_worker_first` and hands the request
 * on. In production that routing is Cloudflare's, in front of the Worker. Locally it is JavaScript
 * on the same runtime, paid on every API call and on every WebSocket upgrade and close: ≈ 0.2 ms
 * of CPU per room socket connected and ≈ 0.15 ms per socket closed (docs/benchmarks.md, fan-out,
 * "Nineteenth stop").
 *
 * Miniflare's own entry matches a Worker's `routes` first and dispatches a match to the Worker
 * itself, so the paths `run_worker_first` names are given as routes and skip both hops; every
 * other path still falls back to the assets router (files, the SPA fallback). Patterns the entry
 * cannot express the same way (exclusions, infix wildcards) are left to the router.
 */
export function workerFirstRoutes(runWorkerFirst: unknown): string[] {
  if (!Array.isArray(runWorkerFirst)) return [];
  const patterns = runWorkerFirst.filter((p): p is string => typeof p === "string");
  // An exclusion ("!/api/docs/*") narrows the others: routing around the router would ignore it.
  if (patterns.some((p) => p.startsWith("!"))) return [];
  return patterns.filter((p) => p.startsWith("/") && !p.slice(0, -1).includes("*")).map((p) => `*${p}`);
}

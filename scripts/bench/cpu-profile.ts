/**
 * A CPU profile of the Worker and its rooms under a bench (workerd's V8 through wrangler's
 * inspector): start the bench with BENCH_INSPECTOR_PORT=9230, then
 *
 *   node scripts/bench/cpu-profile.ts [--port 9230] [--seconds 20]
 *
 * prints the functions with the most self time (and the share that is idle/GC/program).
 */
import { parseArgs } from "node:util";
import WebSocket from "ws";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const { values } = parseArgs({
  options: { port: { type: "string", default: "9230" }, seconds: { type: "string", default: "20" } },
});

const targets = (await (await fetch(`http://127.0.0.1:${values.port}/json`)).json()) as {
  webSocketDebuggerUrl: string;
  title: string;
}[];
// The Worker's isolate: wrangler dev's inspector lists it alone; workerd's own (scripts/serve.ts)
// lists every service, the Worker as "core:user:<name>".
const target =
  targets.find((t) => t.webSocketDebuggerUrl && /^workerd: worker core:user:./.test(t.title)) ??
  targets.find((t) => t.webSocketDebuggerUrl) ??
  targets[0];
if (!target) throw new Error("no inspector target");
const socket = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  socket.once("open", resolve);
  socket.once("error", reject);
});
let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();
socket.on("message", (data) => {
  const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
  if (message.id !== undefined) pending.get(message.id)?.(message.result);
});
const call = <T>(method: string, params: Record<string, unknown> = {}) =>
  new Promise<T>((resolve) => {
    const id = nextId++;
    pending.set(id, resolve as (result: unknown) => void);
    socket.send(JSON.stringify({ id, method, params }));
  });

await call("Profiler.enable");
await call("Profiler.setSamplingInterval", { interval: 500 });
await call("Profiler.start");
await new Promise((r) => setTimeout(r, Number(values.seconds) * 1000));
const { profile } = await call<{ profile: Profile }>("Profiler.stop");
socket.close();

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = profile.endTime - profile.startTime;
const byFunction = new Map<string, number>();
for (const [id, us] of self) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split("/").slice(-1)[0] ?? "";
  const key = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const rows = [...byFunction].sort((a, b) => b[1] - a[1]);
const idle = byFunction.get("(idle) :0") ?? 0;
console.log(`profile ${(total / 1e6).toFixed(1)} s, busy ${(((total - idle) / total) * 100).toFixed(0)} % of one core`);
for (const [key, us] of rows.slice(0, 40)) console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);

// Inclusive time: each sample counts once for every function on its stack.
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const keyOf = (node: Node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || "(anonymous)"} ${url.split("/").slice(-1)[0] ?? ""}:${lineNumber + 1}`;
};
const inclusive = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const node = byId.get(at);
    if (!node) break;
    const key = keyOf(node);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
});
console.log("\ninclusive (functions of the bundle):");
for (const [key, us] of [...inclusive]
  .filter(([k]) => /index\.js|\.ts:/.test(k))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 50))
  console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);

/**
 * `npm run bench`: runs the benchmarks one after another (each seeds its own throwaway local
 * D1 and starts its own `wrangler dev`). Extra arguments go to every bench that takes them, e.g.
 * `npm run bench -- --devices 20000 --runs 5 --pages 10 --agents 50`; `--only ui` (a part of
 * the script's name) runs a subset.
 */
import { spawnSync } from "node:child_process";
import { ROOT } from "./lib/proc.ts";

/** `flags`: the options a bench accepts (its parseArgs is strict); without it, it gets them all. */
const BENCHES: { script: string; flags?: string[]; name?: string; fixed?: string[] }[] = [
  { script: "scripts/bench-devices.ts", flags: ["devices", "runs", "port", "analyze", "keep"] },
  { script: "scripts/bench/list-cpu.ts", flags: [] },
  { script: "scripts/bench/availability.ts", flags: ["locations", "devices", "days", "rounds"] },
  {
    script: "scripts/bench-agents.ts",
    flags: ["agents", "hb-rates", "window", "commands", "port", "keep"],
  },
  // Reconnect storms: 2,000 agents at once, then 3,000 after a forced restart (`--only storm`).
  {
    script: "scripts/bench-agents.ts",
    name: "storm",
    fixed: ["--storm"],
    flags: ["storm-agents", "restart-agents", "port", "keep"],
  },
  {
    script: "scripts/bench-device-list-ui.ts",
    flags: ["devices", "pages", "speed", "port", "no-build", "keep"],
  },
  { script: "scripts/bench-telemetry.ts", flags: ["runs", "port", "keep"] },
  { script: "scripts/bench-terminal.ts", flags: ["keys", "lines", "port"] },
  { script: "scripts/chaos-commands.ts", flags: ["agents", "commands", "kills", "silent", "retries", "concurrency"] },
  { script: "scripts/measure-device-hour.ts", flags: ["agents", "minutes", "settle", "port"] },
  { script: "scripts/bench-fanout.ts", flags: ["sockets", "rounds", "port", "runs"] },
  { script: "scripts/bench/first-load.ts", flags: ["runs", "port", "routes", "no-build", "keep"] },
  // Alerting: a region-wide outage of 2,000 devices in 40 locations (simulated clock; `--only alerting`).
  { script: "scripts/bench/alerting-storm.ts", flags: ["seed", "fail"] },
  // Display captures: CPU and bytes per capture against heartbeats, R2 per display-day, cost (`--only display`).
  { script: "scripts/bench/display-captures.ts", flags: ["captures", "port"] },
  // Audit log export: 1M entries streamed as CSV and JSON Lines, against the list API (`--only audit`).
  { script: "scripts/bench/audit-export.ts", flags: ["rows", "port"] },
];

/** `--name value`, `--name=value` and bare `--flag`, in order. */
function splitArgs(argv: string[]) {
  const out: { name: string; tokens: string[] }[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (!token.startsWith("--")) throw new Error(`unexpected argument ${token}`);
    const name = token.slice(2).split("=")[0];
    if (token.includes("=") || i + 1 >= argv.length || argv[i + 1].startsWith("--"))
      out.push({ name, tokens: [token] });
    else out.push({ name, tokens: [token, argv[++i]] });
  }
  return out;
}

const given = splitArgs(process.argv.slice(2));
const onlyArg = given.find((a) => a.name === "only");
const only = onlyArg ? (onlyArg.tokens[1] ?? onlyArg.tokens[0].split("=")[1]) : undefined;

for (const bench of BENCHES) {
  // A named entry (a mode of a script another entry runs too) is chosen by its name only.
  if (only && !(bench.name ? bench.name === only : bench.script.includes(only))) continue;
  const args = [
    ...(bench.fixed ?? []),
    ...given
      .filter((a) => a.name !== "only" && (!bench.flags || bench.flags.includes(a.name)))
      .flatMap((a) => a.tokens),
  ];
  console.error(`\n▶ ${bench.script} ${args.join(" ")}`);
  const res = spawnSync(process.execPath, [bench.script, ...args], { cwd: ROOT, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

import { execFile, spawn } from "node:child_process";
import { accessSync, constants, readFileSync, readlinkSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";
import type { Exit, Spawned, Spawner } from "./supervisor.ts";

/** The last lines of a process's stderr kept for its failure text. */
const STDERR_TAIL = 4_000;

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** A program's path on PATH (or the absolute path given), null when there is none. */
export function which(program: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (isAbsolute(program)) return executable(program) ? program : null;
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const dir of dirs) if (executable(join(dir, program))) return join(dir, program);
  return null;
}

/** The last meaningful stderr line (Chromium logs a lot; its last line usually says why it stopped). */
const lastLine = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? null;

/**
 * Stops a browser left running on this profile by an earlier agent (one killed without stopping
 * its applications): a second Chromium on the same profile hands its URL to the first and exits
 * at once, which would read as a crash loop. Chromium's SingletonLock names the holder
 * ("<host>-<pid>"); it is killed only when its command line names this profile.
 */
export function releaseProfile(argv: readonly string[]) {
  const dir = argv.find((a) => a.startsWith("--user-data-dir="))?.slice("--user-data-dir=".length);
  if (!dir) return;
  try {
    const pid = Number(readlinkSync(join(dir, "SingletonLock")).split("-").at(-1));
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) return;
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    if (args.includes(`--user-data-dir=${dir}`)) process.kill(pid, "SIGKILL");
  } catch {
    // No lock, no such process, or not ours to read: nothing to release.
  }
}

/**
 * The agent's own spawner: each application in its own process group (a browser's helper
 * processes stop with it), stderr's tail kept for the failure text, an error listener on every
 * spawn (a missing binary ends the run with "<program>: not found", never the agent). With
 * `systemd`, the process runs in a transient systemd user scope (systemd-run --user
 * --scope): systemd accounts for it and `systemctl --user stop` ends every process it started.
 */
export function processSpawner(opts: { env?: NodeJS.ProcessEnv; systemd?: boolean }): Spawner {
  let n = 0;
  return (plan, onExit): Spawned => {
    const base = opts.env ?? process.env;
    const unit = opts.systemd ? (plan.unit ?? `outpost-app-${process.pid}-${++n}`) : undefined;
    const argv = unit
      ? ["systemd-run", "--user", "--scope", "--collect", "--quiet", `--unit=${unit}`, "--", ...plan.argv]
      : plan.argv;
    let ended = false;
    let stderr = "";
    const end = (exit: Exit) => {
      if (ended) return;
      ended = true;
      onExit(exit);
    };
    if (!which(argv[0], base)) {
      // Said at once rather than through spawn's ENOENT: the same text on every platform.
      queueMicrotask(() => end({ code: null, signal: null, error: `${argv[0]}: not found` }));
      return { pid: null, kill: () => {} };
    }
    if (plan.kind === "url") releaseProfile(plan.argv);
    const child = spawn(argv[0], argv.slice(1), {
      env: { ...base, ...plan.env },
      cwd: plan.cwd,
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on("error", (error) => end({ code: null, signal: null, error: `${argv[0]}: ${error.message}` }));
    child.on("exit", (code, signal) =>
      end({ code, signal, error: code !== 0 && code !== null ? lastLine(stderr) : null }),
    );
    const kill = (signal: NodeJS.Signals) => {
      if (child.pid === undefined || child.exitCode !== null) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        child.kill(signal);
      }
      if (unit) execFile("systemctl", ["--user", signal === "SIGKILL" ? "kill" : "stop", `${unit}.scope`], () => {});
    };
    return { pid: child.pid ?? null, kill };
  };
}

/**
 * Whether this machine can run applications in systemd user scopes: systemd-run is installed and
 * the user's service manager answers (a kiosk session has one; a container or a service without a
 * user session does not: then the agent supervises its own children).
 */
export function systemdScopes(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (!which("systemd-run", env)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = execFile(
      "systemd-run",
      ["--user", "--scope", "--collect", "--quiet", "true"],
      { env, timeout: 5_000 },
      (error) => resolve(!error),
    );
    child.on("error", () => resolve(false));
  });
}

import { existsSync, readFileSync } from "node:fs";
import { homedir, userInfo } from "node:os";
import { TUNNEL_TEXT } from "../../contracts/remote-actions/tunnel.ts";
import { type TunnelChannel, type TunnelHandle, type TunnelProvider, TunnelRefused } from "./sessions.ts";

/**
 * The browser terminal's provider: a PTY (@lydell/node-pty, node-pty with prebuilt binaries)
 * running the user's shell. Its output goes to the channel as bytes; the sessions layer pauses
 * it while the browser's window is full.
 */

/** The part of node-pty this provider uses. */
export type Pty = {
  onData(listener: (data: Uint8Array | string) => void): unknown;
  onExit(listener: (e: { exitCode: number; signal?: number }) => void): unknown;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
  kill(signal?: string): void;
};
export type PtySpawn = (
  file: string,
  args: string[],
  options: {
    name: string;
    cols: number;
    rows: number;
    cwd: string;
    env: Record<string, string>;
    encoding: null;
  },
) => Pty;

/** What to run in the PTY. `cleanup` runs when the session ends (a scratch directory). */
export type ShellSpec = {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  cleanup?: () => void;
};

export type TerminalOptions = {
  /** `--allow-terminal`: without it every session is refused with TUNNEL_TEXT.terminalDisabled. */
  allow: boolean;
  /** `--terminal-user`: whose shell runs (default: the agent's own user). */
  user?: string;
  /** What runs (default: defaultShell for `user`); the simulator passes a restricted shell. */
  shell?: () => ShellSpec;
  /** Loads node-pty's spawn (tests may pass a stand-in). */
  loadPty?: () => Promise<PtySpawn>;
  log?: (line: string) => void;
};

export const DEFAULT_COLS = 80;
export const DEFAULT_ROWS = 24;

const loadNodePty = async (): Promise<PtySpawn> => {
  const mod = (await import("@lydell/node-pty")) as unknown as { spawn?: PtySpawn; default?: { spawn: PtySpawn } };
  const spawn = mod.spawn ?? mod.default?.spawn;
  if (!spawn) throw new Error("@lydell/node-pty has no spawn");
  return spawn;
};

/** PATH, HOME and friends for a login as `user` (HOME and SHELL from /etc/passwd). */
function passwdEntry(user: string): { home: string; shell: string } | null {
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const fields = line.split(":");
      if (fields[0] === user) return { home: fields[5] || "/", shell: fields[6] || "/bin/sh" };
    }
  } catch {
    // No passwd file (not Linux).
  }
  return null;
}

const firstExisting = (paths: string[]) => paths.find((p) => existsSync(p));

/** The environment a shell starts with: the agent's own, with a terminal type. */
const shellEnv = (extra: Record<string, string> = {}): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return { ...env, TERM: "xterm-256color", COLORTERM: "truecolor", ...extra };
};

/**
 * The shell of the device's operator: PowerShell (else cmd) on Windows; on Linux and the like
 * bash (else sh) as a login shell — as `user` when one is given that is not the agent's own,
 * through `runuser` when the agent runs as root, else `su` (which asks for the password).
 */
export function defaultShell(user?: string): ShellSpec {
  if (process.platform === "win32") {
    if (user && user !== userInfo().username) {
      throw new TunnelRefused(`${TUNNEL_TEXT.terminalUnavailable} --terminal-user is not supported on Windows.`);
    }
    const root = process.env.SystemRoot ?? "C:\\Windows";
    const powershell = `${root}\\System32\\WindowsPowerShell\\v1.0\\powershell.exe`;
    const file = existsSync(powershell) ? powershell : (process.env.ComSpec ?? `${root}\\System32\\cmd.exe`);
    return { file, args: file === powershell ? ["-NoLogo"] : [], cwd: homedir(), env: shellEnv() };
  }
  const own = userInfo().username;
  if (!user || user === own) {
    const file = firstExisting(["/bin/bash", "/usr/bin/bash"]) ?? "/bin/sh";
    return { file, args: ["-l"], cwd: homedir(), env: shellEnv({ SHELL: file }) };
  }
  const entry = passwdEntry(user);
  if (!entry) throw new TunnelRefused(`${TUNNEL_TEXT.terminalUnavailable} There is no user ${user}.`);
  const env = shellEnv({ HOME: entry.home, USER: user, LOGNAME: user, SHELL: entry.shell });
  const cwd = existsSync(entry.home) ? entry.home : "/";
  const runuser = firstExisting(["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"]);
  if (process.getuid?.() === 0 && runuser)
    return { file: runuser, args: ["-u", user, "--", entry.shell, "-l"], cwd, env };
  const su = firstExisting(["/bin/su", "/usr/bin/su"]);
  if (!su) throw new TunnelRefused(`${TUNNEL_TEXT.terminalUnavailable} Neither runuser nor su is installed.`);
  return { file: su, args: ["-", user], cwd, env };
}

/** The provider of `terminal` sessions. */
export function terminalProvider(opts: TerminalOptions): TunnelProvider {
  let spawnPromise: Promise<PtySpawn> | null = null;
  return async (open, channel: TunnelChannel): Promise<TunnelHandle> => {
    if (!opts.allow) throw new TunnelRefused(TUNNEL_TEXT.terminalDisabled);
    spawnPromise ??= (opts.loadPty ?? loadNodePty)();
    let spawn: PtySpawn;
    try {
      spawn = await spawnPromise;
    } catch (error) {
      spawnPromise = null;
      opts.log?.(`terminal: node-pty could not be loaded: ${String(error)}`);
      throw new TunnelRefused(TUNNEL_TEXT.terminalUnavailable);
    }
    const spec = (opts.shell ?? (() => defaultShell(opts.user)))();
    let pty: Pty;
    try {
      pty = spawn(spec.file, spec.args, {
        name: "xterm-256color",
        cols: open.cols ?? DEFAULT_COLS,
        rows: open.rows ?? DEFAULT_ROWS,
        cwd: spec.cwd,
        env: spec.env,
        encoding: null,
      });
    } catch (error) {
      spec.cleanup?.();
      opts.log?.(`terminal: ${spec.file} did not start: ${String(error)}`);
      throw new TunnelRefused(TUNNEL_TEXT.terminalUnavailable);
    }
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    let done = false;
    pty.onData((data) => channel.output(typeof data === "string" ? encoder.encode(data) : new Uint8Array(data)));
    pty.onExit(() => {
      if (done) return;
      // Output still on its way from the PTY comes first.
      setTimeout(() => channel.end(TUNNEL_TEXT.exited), 50);
    });
    return {
      write: (data) => pty.write(decoder.decode(data, { stream: true })),
      resize: (cols, rows) => {
        try {
          pty.resize(cols, rows);
        } catch {
          // The shell exited meanwhile.
        }
      },
      pause: () => pty.pause(),
      resume: () => pty.resume(),
      dispose: () => {
        done = true;
        try {
          pty.kill();
        } catch {
          // Already exited.
        }
        spec.cleanup?.();
      },
    };
  };
}

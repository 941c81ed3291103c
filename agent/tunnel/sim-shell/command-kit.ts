// What a built-in command is and sees (its streams, the shell), and the helpers the commands share.
import { errorText, normalize, SIM_USER, type SimFs, type SimIdentity } from "./fs.ts";

/**
 * The simulated terminal's commands, all built in: each one reads and writes only the session's
 * in-memory filesystem (fs.ts) and its fake environment. None imports a Node module.
 */

/** A running command was interrupted (Ctrl-C, the session closed). */
export class Cancelled extends Error {}
/** The reader of a pipe (or a file) took all it may: the writer stops, as on SIGPIPE. */
export class PipeFull extends Error {}

/** A command's standard streams. `stdin` is null when nothing is piped or redirected in. */
export type Io = {
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
  stdin: string | null;
};

/** What a command sees of the shell. */
export type Sh = {
  readonly fs: SimFs;
  readonly id: SimIdentity;
  readonly env: Map<string, string>;
  cwd: string;
  readonly cols: number;
  readonly rows: number;
  readonly history: readonly string[];
  now(): number;
  /** Waits, or throws Cancelled when interrupted. */
  sleep(ms: number): Promise<void>;
  /** Ends the session once the current line is done. */
  exit(): void;
};

export type Command = (args: string[], io: Io, sh: Sh) => Promise<number>;

/** Builtins of the shell itself (they change the shell), as `type` reports them. */
export const SHELL_BUILTINS = new Set(["cd", "exit", "logout", "export", "unset", "history", "help", "type", ":"]);

/** Splits `-abc` style flags from operands (`--` ends flags; `-n 5` style values via `valued`). */
export function parseFlags(
  args: string[],
  valued = "",
): { flags: Set<string>; values: Map<string, string>; rest: string[] } {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      rest.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith("-") && a.length > 1 && !/^-\d/.test(a)) {
      for (let j = 1; j < a.length; j++) {
        const f = a[j];
        if (valued.includes(f)) {
          const value = a.slice(j + 1) || args[++i] || "";
          values.set(f, value);
          break;
        }
        flags.add(f);
      }
    } else rest.push(a);
  }
  return { flags, values, rest };
}

/** A file's text, or null after saying why not (as `name: path: reason`). */
export async function readFile(sh: Sh, io: Io, name: string, path: string): Promise<string | null> {
  const node = sh.fs.lookup(normalize(expandHome(path, sh), sh.cwd));
  if (typeof node === "string") {
    await io.err(`${name}: ${path}: ${errorText(node)}\n`);
    return null;
  }
  if (node.kind === "dir") {
    await io.err(`${name}: ${path}: Is a directory\n`);
    return null;
  }
  if (node.private) {
    await io.err(`${name}: ${path}: Permission denied\n`);
    return null;
  }
  return sh.fs.read(node);
}

export const expandHome = (path: string, sh: Sh) =>
  path === "~" || path.startsWith("~/") ? `${sh.env.get("HOME") ?? SIM_USER.home}${path.slice(1)}` : path;

/** The texts a filter reads: its files, else its standard input. */
export async function inputs(
  sh: Sh,
  io: Io,
  name: string,
  files: string[],
): Promise<{ texts: [string, string][]; failed: boolean }> {
  if (files.length === 0) return { texts: [["(standard input)", io.stdin ?? ""]], failed: false };
  const texts: [string, string][] = [];
  let failed = false;
  for (const f of files) {
    const text = f === "-" ? (io.stdin ?? "") : await readFile(sh, io, name, f);
    if (text === null) failed = true;
    else texts.push([f, text]);
  }
  return { texts, failed };
}

export const linesOf = (text: string) => {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
};

/** Writes many lines in pieces, so a long output can be paused and interrupted. */
export async function outLines(io: Io, lines: Iterable<string>) {
  let chunk = "";
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= 16 * 1024) {
      await io.out(chunk);
      chunk = "";
    }
  }
  if (chunk) await io.out(chunk);
}

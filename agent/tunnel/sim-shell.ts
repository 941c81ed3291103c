import type { AgentInventory } from "../../contracts/installation.ts";
import { TUNNEL_TEXT, type TunnelOpen } from "../../contracts/tunnel.ts";
import type { TunnelChannel, TunnelHandle, TunnelProvider } from "./sessions.ts";
import { Cancelled, COMMANDS, type Io, PipeFull, SHELL_BUILTINS, type Sh } from "./sim-commands.ts";
import { buildFs, errorText, hashOf, normalize, SIM_USER, type SimFs, type SimIdentity, simEnv } from "./sim-fs.ts";

/**
 * The simulator's terminal: a shell that runs inside the simulator's own process over an
 * in-memory filesystem (sim-fs.ts) with built-in commands (sim-commands.ts). It never starts a
 * process, never touches the host's files and never reads the host's environment — none of these
 * files imports a Node module — so whatever is typed (absolute paths, `..`, globs, /proc,
 * variables, redirections, links) only ever reaches the simulated device. A simulated device
 * runs on the server's machine, often as root: a real shell there, however restricted, is the
 * server's shell.
 *
 * It speaks the tunnel's byte stream like a PTY would: it echoes what is typed and edits the line
 * (backspace, Ctrl-U, Ctrl-C, Ctrl-D, Ctrl-L, history on the arrow keys), and stops producing
 * output while the session is paused.
 */

/** Longest line the editor keeps. */
const LINE_LIMIT = 4096;
/** Most a pipe or a command substitution holds before its writer is stopped. */
const PIPE_LIMIT = 1024 * 1024;
/** Longest value of a variable or one expanded word. */
const VALUE_LIMIT = 64 * 1024;
/** Input typed while a command runs that is kept for the prompt after it. */
const TYPEAHEAD_LIMIT = 4096;
/** Nested command substitutions. */
const DEPTH_LIMIT = 8;
const HISTORY_LIMIT = 500;
/** Output bytes (or writes) between two turns of the event loop, so input and credit get through. */
const YIELD_BYTES = 64 * 1024;
const YIELD_WRITES = 64;

class ShellError extends Error {}

type Redirect = { op: ">" | ">>" | "<" | "2>" | "2>>" | "&>" | "2>&1"; target: string };
type SimpleCommand = { words: string[]; redirects: Redirect[] };
type Pipeline = { commands: SimpleCommand[]; connector: ";" | "&&" | "||" };

const OPERATORS = ["2>&1", "2>>", "&>", "2>", ">>", "&&", "||", ">", "<", "|", ";", "&"] as const;

/** Splits a line into pipelines of commands of raw words (quotes kept for expansion). */
export function parseLine(line: string): Pipeline[] {
  const pipelines: Pipeline[] = [];
  let commands: SimpleCommand[] = [];
  let current: SimpleCommand = { words: [], redirects: [] };
  let pendingRedirect: Redirect["op"] | null = null;
  let connector: Pipeline["connector"] = ";";
  const endCommand = (op: string) => {
    if (pendingRedirect) throw new ShellError(`syntax error near unexpected token \`${op}'`);
    if (current.words.length === 0 && current.redirects.length === 0) {
      if (op === "end" && commands.length === 0) return false;
      throw new ShellError(`syntax error near unexpected token \`${op === "end" ? "newline" : op}'`);
    }
    commands.push(current);
    current = { words: [], redirects: [] };
    return true;
  };
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === " " || c === "\t") {
      i++;
      continue;
    }
    if (c === "#") break;
    const op = OPERATORS.find((o) => line.startsWith(o, i));
    if (op) {
      i += op.length;
      if (op === "2>&1") current.redirects.push({ op, target: "" });
      else if (op === "|") endCommand(op);
      else if (op === ";" || op === "&&" || op === "||" || op === "&") {
        endCommand(op);
        pipelines.push({ commands, connector });
        commands = [];
        // No background jobs: `a & b` runs one after the other.
        connector = op === "&" ? ";" : op;
      } else {
        if (pendingRedirect) throw new ShellError(`syntax error near unexpected token \`${op}'`);
        pendingRedirect = op;
      }
      continue;
    }
    const start = i;
    i = scanWord(line, i);
    const word = line.slice(start, i);
    if (pendingRedirect) {
      current.redirects.push({ op: pendingRedirect, target: word });
      pendingRedirect = null;
    } else current.words.push(word);
  }
  if (endCommand("end") || commands.length) pipelines.push({ commands, connector });
  else if (pipelines.length && connector !== ";") throw new ShellError("syntax error: unexpected end of line");
  return pipelines;
}

/** The end of the word starting at `i`: quotes, `$(…)`, `$((…))`, `${…}` and backticks kept whole. */
function scanWord(line: string, i: number): number {
  while (i < line.length) {
    const c = line[i];
    if (c === " " || c === "\t" || c === ";" || c === "&" || c === "|" || c === "<" || c === ">") return i;
    if (c === "\\") i += 2;
    else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new ShellError("unexpected EOF while looking for matching `''");
      i = end + 1;
    } else if (c === '"') i = closeDouble(line, i + 1);
    else if (c === "`") i = closeBacktick(line, i + 1);
    else if (c === "$" && (line[i + 1] === "(" || line[i + 1] === "{")) i = closeParen(line, i + 1);
    else i++;
  }
  return i;
}

function closeDouble(line: string, i: number): number {
  while (i < line.length) {
    const c = line[i];
    if (c === "\\") i += 2;
    else if (c === '"') return i + 1;
    else if (c === "`") i = closeBacktick(line, i + 1);
    else if (c === "$" && (line[i + 1] === "(" || line[i + 1] === "{")) i = closeParen(line, i + 1);
    else i++;
  }
  throw new ShellError("unexpected EOF while looking for matching `\"'");
}

function closeBacktick(line: string, i: number): number {
  while (i < line.length) {
    if (line[i] === "\\") i += 2;
    else if (line[i] === "`") return i + 1;
    else i++;
  }
  throw new ShellError("unexpected EOF while looking for matching ``'");
}

/** `i` at an opening ( or {: the index after its match (quotes inside respected). */
function closeParen(line: string, i: number): number {
  const open = line[i];
  const close = open === "(" ? ")" : "}";
  let depth = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === "\\") i += 2;
    else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) break;
      i = end + 1;
    } else if (c === '"') i = closeDouble(line, i + 1);
    else if (c === open) {
      depth++;
      i++;
    } else if (c === close) {
      depth--;
      i++;
      if (depth === 0) return i;
    } else i++;
  }
  throw new ShellError(`unexpected EOF while looking for matching \`${close}'`);
}

/** Integer arithmetic of `$((…))`: + - * / % ** comparisons, && || !, parentheses and variables. */
export function arithmetic(expr: string, vars: (name: string) => string | undefined): number {
  const tokens = expr.match(/\d+|[A-Za-z_][A-Za-z0-9_]*|\*\*|<=|>=|==|!=|&&|\|\||[-+*/%()<>!]|\S/g) ?? [];
  let pos = 0;
  const peek = () => tokens[pos];
  const take = () => tokens[pos++];
  const fail = (): never => {
    throw new ShellError(`${expr.trim()}: syntax error in expression (error token is "${peek() ?? ""}")`);
  };
  const binary = (ops: string[], next: () => number, apply: (op: string, a: number, b: number) => number) => () => {
    let a = next();
    while (ops.includes(peek())) {
      const op = take();
      a = apply(op, a, next());
    }
    return a;
  };
  const primary = (): number => {
    const t = take();
    if (t === undefined) return fail();
    if (t === "(") {
      const v = or();
      if (take() !== ")") fail();
      return v;
    }
    if (t === "-") return -primary();
    if (t === "+") return primary();
    if (t === "!") return primary() ? 0 : 1;
    if (/^\d+$/.test(t)) return Number(t);
    if (/^[A-Za-z_]/.test(t)) return Math.trunc(Number(vars(t) ?? 0)) || 0;
    return fail();
  };
  const power = (): number => {
    const base = primary();
    if (peek() !== "**") return base;
    take();
    return base ** power();
  };
  const mul = binary(["*", "/", "%"], power, (op, a, b) => {
    if ((op === "/" || op === "%") && b === 0) throw new ShellError('division by 0 (error token is "0")');
    return op === "*" ? a * b : op === "/" ? Math.trunc(a / b) : a % b;
  });
  const add = binary(["+", "-"], mul, (op, a, b) => (op === "+" ? a + b : a - b));
  const cmp = binary(["<", ">", "<=", ">="], add, (op, a, b) =>
    Number(op === "<" ? a < b : op === ">" ? a > b : op === "<=" ? a <= b : a >= b),
  );
  const eq = binary(["==", "!="], cmp, (op, a, b) => Number(op === "==" ? a === b : a !== b));
  const and = binary(["&&"], eq, (_op, a, b) => Number(Boolean(a && b)));
  const or = binary(["||"], and, (_op, a, b) => Number(Boolean(a || b)));
  if (tokens.length === 0) return 0;
  const value = or();
  if (pos < tokens.length) fail();
  return value;
}

/** A sink that keeps what is written, up to a limit (then the writer is stopped). */
function capture(limit: number) {
  let text = "";
  return {
    get text() {
      return text;
    },
    write: async (chunk: string) => {
      const room = limit - text.length;
      text += chunk.slice(0, Math.max(0, room));
      if (chunk.length > room) throw new PipeFull();
    },
  };
}

type Out = (text: string) => Promise<void>;
const discard: Out = async () => {};

/** One terminal session's shell: its state, its line editor, and what runs its lines. */
export class SimShell implements Sh {
  readonly fs: SimFs;
  readonly id: SimIdentity;
  readonly env: Map<string, string>;
  cwd: string = SIM_USER.home;
  cols: number;
  rows: number;
  history: string[] = [];
  status = 0;
  private readonly clock: () => number;
  private readonly write: (text: string) => void;
  private readonly onExit: () => void;

  /** The line being typed, the editor's place in the history, and an escape sequence being read. */
  private line = "";
  private historyAt = -1;
  private escape = "";
  private running = false;
  private typeahead = "";
  private exiting = false;
  private cancelled = false;
  private disposed = false;
  private paused = false;
  private wake: (() => void)[] = [];
  private sinceYield = 0;
  private writesSinceYield = 0;

  constructor(opts: {
    id: SimIdentity;
    cols?: number;
    rows?: number;
    now?: () => number;
    /** Terminal output (newlines as typed by programs; CR LF is added here). */
    write: (text: string) => void;
    onExit: () => void;
  }) {
    this.id = opts.id;
    this.cols = opts.cols ?? 80;
    this.rows = opts.rows ?? 24;
    this.clock = opts.now ?? Date.now;
    this.env = simEnv(opts.id);
    this.fs = buildFs(opts.id, this.clock, () => this.env, Object.keys(COMMANDS));
    this.write = opts.write;
    this.onExit = opts.onExit;
  }

  now() {
    return this.clock();
  }

  private started = false;

  /** The banner and the first prompt (once; keys typed before it come after it). */
  start() {
    if (this.started || this.disposed) return;
    this.started = true;
    const [os, version] = this.id.os;
    this.write(
      `Simulated terminal of ${this.id.name} (${this.id.hostname}, ${os} ${version}).\r\n` +
        "A shell built into the Outpost simulator, over an in-memory filesystem: type `help`.\r\n\r\n",
    );
    this.prompt();
  }

  private prompt() {
    const home = this.env.get("HOME") ?? SIM_USER.home;
    const where =
      this.cwd === home ? "~" : this.cwd.startsWith(`${home}/`) ? `~${this.cwd.slice(home.length)}` : this.cwd;
    this.write(`simulated:${where}$ `);
  }

  resize(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
  }

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
    this.wakeUp();
  }

  dispose() {
    this.disposed = true;
    this.cancelled = true;
    this.wakeUp();
  }

  private wakeUp() {
    const waiting = this.wake;
    this.wake = [];
    for (const w of waiting) w();
  }

  /** Keys typed in the browser. */
  input(text: string) {
    this.start();
    for (const ch of text) {
      if (this.exiting || this.disposed) return;
      if (!this.running) this.key(ch);
      else if (ch === "\x03") {
        // Ctrl-C interrupts the command at once; what was typed ahead is dropped, as on a terminal.
        this.cancelled = true;
        this.typeahead = "";
        this.wakeUp();
      } else this.typeahead = (this.typeahead + ch).slice(0, TYPEAHEAD_LIMIT);
    }
  }

  private key(ch: string) {
    if (this.escape) {
      this.escape += ch;
      // ESC [ params final, or ESC O x, or ESC x.
      const done = this.escape.length === 2 ? ch !== "[" && ch !== "O" : /[@-~]/.test(ch);
      if (!done) {
        if (this.escape.length > 16) this.escape = "";
        return;
      }
      const seq = this.escape;
      this.escape = "";
      if (seq.endsWith("A")) this.recall(1);
      else if (seq.endsWith("B")) this.recall(-1);
      return;
    }
    switch (ch) {
      case "\x1b":
        this.escape = ch;
        return;
      case "\r":
      case "\n":
        this.write("\r\n");
        return void this.enter();
      case "\x7f":
      case "\b":
        if (this.line) {
          this.line = [...this.line].slice(0, -1).join("");
          this.write("\b \b");
        }
        return;
      case "\x03":
        this.line = "";
        this.historyAt = -1;
        this.write("^C\r\n");
        this.status = 130;
        return this.prompt();
      case "\x04":
        if (this.line === "") {
          this.write("exit\r\n");
          this.exit();
          this.finish();
        }
        return;
      case "\x15":
        this.replaceLine("");
        return;
      case "\x0c":
        this.write("\x1b[H\x1b[2J");
        this.prompt();
        this.write(this.line);
        return;
      case "\t":
        return;
    }
    if (ch < " ") return;
    if (this.line.length >= LINE_LIMIT) return;
    this.line += ch;
    this.write(ch);
  }

  private replaceLine(text: string) {
    this.write("\b \b".repeat([...this.line].length));
    this.line = text;
    this.write(text);
  }

  private recall(step: number) {
    const at = Math.min(this.history.length - 1, Math.max(-1, this.historyAt + step));
    if (at === this.historyAt) return;
    this.historyAt = at;
    this.replaceLine(at < 0 ? "" : (this.history[this.history.length - 1 - at] ?? ""));
  }

  private async enter() {
    const line = this.line;
    this.line = "";
    this.historyAt = -1;
    if (line.trim()) {
      this.history.push(line);
      if (this.history.length > HISTORY_LIMIT) this.history.shift();
    }
    this.running = true;
    this.cancelled = false;
    try {
      await this.runLine(
        line,
        (text) => this.terminalOut(text),
        (text) => this.terminalOut(text),
        0,
      );
    } catch (error) {
      if (error instanceof Cancelled) {
        if (!this.disposed) this.write("^C\r\n");
        this.status = 130;
      } else {
        this.write(`bash: internal error: ${String(error instanceof Error ? error.message : error)}\r\n`);
        this.status = 1;
      }
    }
    this.running = false;
    this.cancelled = false;
    if (this.disposed) return;
    if (this.exiting) return this.finish();
    this.prompt();
    const pending = this.typeahead;
    this.typeahead = "";
    if (pending) this.input(pending);
  }

  private finish() {
    this.onExit();
  }

  exit() {
    this.exiting = true;
  }

  /** Output to the terminal: paused while the session's window is full, interrupted by Ctrl-C. */
  private async terminalOut(text: string) {
    if (this.cancelled) throw new Cancelled();
    if (text) this.write(text.replace(/\r?\n/g, "\r\n"));
    await this.breathe(text.length);
  }

  /** Lets the event loop run now and then (input, credit) and waits while the session is paused. */
  private async breathe(bytes: number) {
    this.sinceYield += bytes;
    this.writesSinceYield++;
    if (this.sinceYield >= YIELD_BYTES || this.writesSinceYield >= YIELD_WRITES) {
      this.sinceYield = 0;
      this.writesSinceYield = 0;
      await new Promise((r) => setImmediate(r));
    }
    while (this.paused && !this.cancelled) await new Promise<void>((r) => this.wake.push(r));
    if (this.cancelled) throw new Cancelled();
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.cancelled) return reject(new Cancelled());
      const done = () => {
        clearTimeout(timer);
        this.wake = this.wake.filter((w) => w !== done);
        if (this.cancelled) reject(new Cancelled());
        else resolve();
      };
      const timer = setTimeout(done, Math.min(ms, 2 ** 31 - 1));
      this.wake.push(done);
    });
  }

  /** Runs one line; its output goes to `out` and `err` (the terminal, or a command substitution). */
  async runLine(line: string, out: Out, err: Out, depth: number): Promise<number> {
    let pipelines: Pipeline[];
    try {
      pipelines = parseLine(line);
    } catch (error) {
      if (!(error instanceof ShellError)) throw error;
      await err(`bash: ${error.message}\n`);
      this.status = 2;
      return 2;
    }
    for (const p of pipelines) {
      if (p.connector === "&&" && this.status !== 0) continue;
      if (p.connector === "||" && this.status === 0) continue;
      this.status = await this.runPipeline(p.commands, out, err, depth);
      if (this.exiting) break;
    }
    return this.status;
  }

  private async runPipeline(commands: SimpleCommand[], out: Out, err: Out, depth: number): Promise<number> {
    let input: string | null = null;
    let status = 0;
    for (const [i, command] of commands.entries()) {
      const last = i === commands.length - 1;
      const pipe = last ? null : capture(PIPE_LIMIT);
      status = await this.runCommand(command, input, pipe ? pipe.write : out, err, depth);
      input = pipe ? pipe.text : null;
    }
    return status;
  }

  private async runCommand(command: SimpleCommand, stdin: string | null, out: Out, err: Out, depth: number) {
    let argv: string[];
    const assignments: [string, string][] = [];
    try {
      let words = command.words;
      while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) {
        const eq = words[0].indexOf("=");
        const value = (await this.expand(words[0].slice(eq + 1), err, depth, false)).join(" ");
        assignments.push([words[0].slice(0, eq), value]);
        words = words.slice(1);
      }
      argv = [];
      for (const w of words) argv.push(...(await this.expand(w, err, depth, true)));
      if (argv.reduce((n, a) => n + a.length, 0) > PIPE_LIMIT)
        throw new ShellError(`${argv[0]}: Argument list too long`);
    } catch (error) {
      if (!(error instanceof ShellError)) throw error;
      await err(`bash: ${error.message}\n`);
      return 1;
    }
    for (const [name, value] of assignments) {
      if (value.length > VALUE_LIMIT) {
        await err(`bash: ${name}: value too long\n`);
        return 1;
      }
      if (argv.length === 0) this.env.set(name, value);
    }

    // Redirections: only ever into the session's own filesystem.
    let stdout = out;
    let stderr = err;
    let input = stdin;
    const files: { path: string; append: boolean; sink: ReturnType<typeof capture>; shown: string }[] = [];
    for (const r of command.redirects) {
      if (r.op === "2>&1") {
        stderr = stdout;
        continue;
      }
      let target: string;
      try {
        const fields = await this.expand(r.target, err, depth, true);
        if (fields.length !== 1) throw new ShellError(`${r.target}: ambiguous redirect`);
        target = fields[0];
      } catch (error) {
        if (!(error instanceof ShellError)) throw error;
        await err(`bash: ${error.message}\n`);
        return 1;
      }
      const path = normalize(target, this.cwd);
      if (r.op === "<") {
        const node = this.fs.lookup(path);
        if (typeof node === "string" || node.kind === "dir" || node.private) {
          const reason =
            typeof node === "string" ? errorText(node) : node.kind === "dir" ? "Is a directory" : errorText("EACCES");
          await err(`bash: ${target}: ${reason}\n`);
          return 1;
        }
        input = this.fs.read(node);
        continue;
      }
      let sink: Out;
      if (path === "/dev/null") sink = discard;
      else if (path === "/dev/tty") sink = out;
      else {
        const append = r.op.endsWith(">>");
        // Created (or emptied) before the command runs, as the shell does.
        const error = this.fs.write(path, "", append);
        if (error) {
          await err(`bash: ${target}: ${error}\n`);
          return 1;
        }
        const file = { path, append, sink: capture(VALUE_LIMIT * 4), shown: target };
        files.push(file);
        sink = file.sink.write;
      }
      if (r.op === "2>" || r.op === "2>>") stderr = sink;
      else if (r.op === "&>") stdout = stderr = sink;
      else stdout = sink;
    }

    const status = await this.exec(argv, { stdin: input, out: stdout, err: stderr }, depth).catch(async (error) => {
      if (error instanceof PipeFull) {
        if (files.some((f) => f.sink.write === stdout || f.sink.write === stderr))
          await err("bash: write error: File too large\n");
        return 141;
      }
      throw error;
    });
    for (const f of files) {
      const error = this.fs.write(f.path, f.sink.text, true);
      if (error) await err(`bash: ${f.shown}: ${error}\n`);
    }
    return status;
  }

  private async exec(argv: string[], streams: { stdin: string | null; out: Out; err: Out }, depth: number) {
    if (argv.length === 0) return 0;
    // Every write lets the event loop breathe, whether it goes to the terminal, a pipe or a file.
    const io: Io = {
      stdin: streams.stdin,
      out: async (text) => {
        await streams.out(text);
        await this.breathe(0);
      },
      err: async (text) => {
        await streams.err(text);
        await this.breathe(0);
      },
    };
    let [name, ...args] = argv;
    if (name.includes("/")) {
      const path = normalize(name, this.cwd);
      const node = this.fs.lookup(path);
      const base = path.split("/").at(-1) ?? "";
      if ((path === `/bin/${base}` || path === `/usr/bin/${base}`) && COMMANDS[base] && typeof node !== "string")
        name = base;
      else {
        await io.err(
          `bash: ${name}: ${typeof node === "string" ? errorText(node) : node.kind === "dir" ? "Is a directory" : "Permission denied"}\n`,
        );
        return typeof node === "string" ? 127 : 126;
      }
    }
    switch (name) {
      case ":":
        return 0;
      case "cd":
        return this.cd(args, io);
      case "exit":
      case "logout":
        // Inside $(…) or bash -c only that ends, as in a subshell.
        if (depth === 0) this.exit();
        return Number(args[0] ?? this.status) || 0;
      case "export":
        for (const a of args) {
          const eq = a.indexOf("=");
          if (eq > 0) this.env.set(a.slice(0, eq), a.slice(eq + 1).slice(0, VALUE_LIMIT));
        }
        if (!args.length) for (const [k, v] of this.env) await io.out(`declare -x ${k}="${v}"\n`);
        return 0;
      case "unset":
        for (const a of args) this.env.delete(a);
        return 0;
      case "history":
        for (const [i, h] of this.history.entries()) await io.out(`${String(i + 1).padStart(5)}  ${h}\n`);
        return 0;
      case "help":
        await io.out(HELP);
        return 0;
      case "type":
        for (const a of args)
          await io.out(
            SHELL_BUILTINS.has(a)
              ? `${a} is a shell builtin\n`
              : COMMANDS[a]
                ? `${a} is /usr/bin/${a}\n`
                : `bash: type: ${a}: not found\n`,
          );
        return 0;
      case "bash":
      case "sh":
        if (args[0] === "-c" && args[1] !== undefined) {
          if (depth >= DEPTH_LIMIT) return 1;
          return this.runLine(args[1], io.out, io.err, depth + 1);
        }
        await io.err("bash: the simulated terminal has one shell per session\n");
        return 1;
    }
    const command = COMMANDS[name];
    if (!command) {
      await io.err(`bash: ${name}: command not found\n`);
      return 127;
    }
    return command(args, io, this);
  }

  private async cd(args: string[], io: Io) {
    const home = this.env.get("HOME") ?? SIM_USER.home;
    const target =
      args[0] === undefined || args[0] === "~"
        ? home
        : args[0] === "-"
          ? (this.env.get("OLDPWD") ?? this.cwd)
          : args[0];
    const path = normalize(target.startsWith("~/") ? `${home}${target.slice(1)}` : target, this.cwd);
    const node = this.fs.lookup(path);
    if (typeof node === "string" || node.kind !== "dir" || node.private) {
      const reason =
        typeof node === "string" ? errorText(node) : node.kind !== "dir" ? "Not a directory" : "Permission denied";
      await io.err(`bash: cd: ${target}: ${reason}\n`);
      return 1;
    }
    this.env.set("OLDPWD", this.cwd);
    this.cwd = path;
    this.env.set("PWD", path);
    if (args[0] === "-") await io.out(`${path}\n`);
    return 0;
  }

  /**
   * Expands one raw word into fields: quotes, `~`, `$NAME`/`${NAME}`/`$?`, `$((…))`, `$(…)` and
   * backticks (run by this same shell), then globs against the simulated filesystem.
   */
  private async expand(raw: string, err: Out, depth: number, split: boolean): Promise<string[]> {
    const fields: string[] = [];
    let current = "";
    let started = false;
    let globbing = false;
    const add = (text: string, quoted: boolean) => {
      if (quoted || !split) {
        current += text;
        started = true;
        return;
      }
      const parts = text.split(/[ \t\n]+/);
      parts.forEach((part, n) => {
        if (n > 0 && (started || current)) {
          fields.push(current);
          current = "";
          started = false;
        }
        if (part) {
          current += part;
          started = true;
        }
      });
    };
    const substitute = async (inner: string) => {
      if (depth >= DEPTH_LIMIT) throw new ShellError("command substitution nested too deeply");
      const sink = capture(VALUE_LIMIT);
      const status = await this.runLine(inner, sink.write, err, depth + 1).catch((error) => {
        if (error instanceof PipeFull) return 141;
        throw error;
      });
      this.status = status;
      return sink.text.replace(/\n+$/, "");
    };
    const dollar = async (i: number, quoted: boolean): Promise<number> => {
      if (raw.startsWith("$((", i)) {
        const end = closeParen(raw, i + 1);
        const inner = raw.slice(i + 3, end - 2);
        const value = arithmetic(
          inner.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n: string) => this.env.get(n) ?? "0"),
          (n) => this.env.get(n),
        );
        add(String(value), quoted);
        return end;
      }
      if (raw[i + 1] === "(") {
        const end = closeParen(raw, i + 1);
        add(await substitute(raw.slice(i + 2, end - 1)), quoted);
        return end;
      }
      if (raw[i + 1] === "{") {
        const end = closeParen(raw, i + 1);
        const name = raw.slice(i + 2, end - 1);
        if (!/^([A-Za-z_][A-Za-z0-9_]*|\?|\$|#|\d)$/.test(name)) throw new ShellError(`\${${name}}: bad substitution`);
        add(this.variable(name), quoted);
        return end;
      }
      const m = /^([A-Za-z_][A-Za-z0-9_]*|[?$#0-9])/.exec(raw.slice(i + 1));
      if (!m) {
        add("$", true);
        return i + 1;
      }
      add(this.variable(m[1]), quoted);
      return i + 1 + m[1].length;
    };
    let i = 0;
    if (raw === "~" || raw.startsWith("~/")) {
      current = this.env.get("HOME") ?? SIM_USER.home;
      started = true;
      i = 1;
    }
    while (i < raw.length) {
      const c = raw[i];
      if (c === "\\") {
        add(raw[i + 1] ?? "", true);
        i += 2;
      } else if (c === "'") {
        const end = raw.indexOf("'", i + 1);
        add(raw.slice(i + 1, end), true);
        i = end + 1;
      } else if (c === '"') {
        started = true;
        i++;
        while (i < raw.length && raw[i] !== '"') {
          const d = raw[i];
          if (d === "\\" && '$`"\\'.includes(raw[i + 1] ?? "")) {
            add(raw[i + 1], true);
            i += 2;
          } else if (d === "$") i = await dollar(i, true);
          else if (d === "`") {
            const end = closeBacktick(raw, i + 1);
            add(await substitute(raw.slice(i + 1, end - 1)), true);
            i = end;
          } else {
            add(d, true);
            i++;
          }
        }
        i++;
      } else if (c === "$") i = await dollar(i, false);
      else if (c === "`") {
        const end = closeBacktick(raw, i + 1);
        add(await substitute(raw.slice(i + 1, end - 1)), false);
        i = end;
      } else {
        if (c === "*" || c === "?" || c === "[") globbing = true;
        current += c;
        started = true;
        i++;
      }
      if (current.length > VALUE_LIMIT) throw new ShellError("expansion too long");
    }
    if (started || current) fields.push(current);
    if (!globbing || !split) return fields;
    // Globs expand against the simulated tree (a field that matches nothing stays as typed).
    return fields.flatMap((f) => {
      if (!/[*?[]/.test(f)) return [f];
      const matches = this.fs.glob(f, this.cwd);
      return matches.length ? matches : [f];
    });
  }

  private variable(name: string): string {
    if (name === "?") return String(this.status);
    if (name === "$") return "4242";
    if (name === "#") return "0";
    if (name === "0") return "-bash";
    if (/^\d$/.test(name)) return "";
    return this.env.get(name) ?? "";
  }
}

const HELP = `The simulated terminal: a shell built into the Outpost simulator. Its files are in
memory (changes last for this session only) and these commands are built in:

  ls cd pwd cat head tail grep wc sort uniq cut echo date uname hostname whoami id
  uptime df free ps top ip env printenv export unset touch mkdir rm sleep seq yes
  systemctl journalctl stty tput clear history type which help exit

Pipes (|), ; && ||, $VARS, $((arithmetic)), $(commands), globs and redirections
(> >> < 2> 2>&1) work within the simulated device.
`;

/** A hostname from a device's name, as an installer would make one. */
export function hostnameOf(name: string, uuid: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63)
    .replace(/-+$/, "");
  return slug || `kiosk-${uuid.slice(0, 8)}`;
}

/** The simulated device's identity from what its agent reports (its inventory). */
export function simIdentity(
  device: { uuid: string; name: string },
  inventory: AgentInventory | undefined,
  now: number,
): SimIdentity {
  const cpuModel = inventory?.cpu_model ?? "Intel Celeron J4125 (4 threads)";
  const threads = Number(/\((\d+) threads?\)/.exec(cpuModel)?.[1] ?? 4);
  const h = hashOf(device.uuid);
  const mac =
    inventory?.mac_addresses?.[0] ??
    `02:00:${device.uuid.slice(0, 2)}:${device.uuid.slice(2, 4)}:${device.uuid.slice(4, 6)}:01`;
  return {
    uuid: device.uuid,
    name: device.name,
    hostname: hostnameOf(device.name, device.uuid),
    os: [
      inventory?.operating_system_name ?? "Debian GNU/Linux",
      inventory?.operating_system_version ?? "12",
      inventory?.operating_system_architecture ?? "x64",
    ],
    cpu: cpuModel.replace(/\s*\(\d+ threads?\)$/, ""),
    threads: Math.min(64, Math.max(1, threads)),
    ramBytes: inventory?.ram_size ?? 4 * 1024 ** 3,
    diskBytes: inventory?.storage_drives?.[0]?.capacity ?? 64 * 1024 ** 3,
    mac,
    ip: inventory?.local_ip_addresses?.[0] ?? `10.${20 + (h % 200)}.${(h >>> 8) % 250}.${10 + ((h >>> 16) % 200)}`,
    // Booted some hours to a few days ago, fixed per device.
    bootedAt: now - (3 * 3600 + (h % (5 * 86400))) * 1000,
  };
}

export type SimTerminalOptions = {
  device?: { uuid: string; name: string };
  /** The simulated machine's inventory (virtualMachine's): the shell shows the same hardware. */
  inventory?: () => Promise<{ inventory?: AgentInventory }>;
  now?: () => number;
};

const DEFAULT_DEVICE = { uuid: "00000000-0000-4000-8000-000000000000", name: "Simulated Kiosk" };

/** The provider of a simulated device's `terminal` sessions: a SimShell per session. */
export function simulatedTerminal(opts: SimTerminalOptions = {}): TunnelProvider {
  const now = opts.now ?? Date.now;
  return async (open: TunnelOpen, channel: TunnelChannel): Promise<TunnelHandle> => {
    const inventory = opts.inventory ? (await opts.inventory()).inventory : undefined;
    const id = simIdentity(opts.device ?? DEFAULT_DEVICE, inventory, now());
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    let ended = false;
    const shell = new SimShell({
      id,
      cols: open.cols,
      rows: open.rows,
      now,
      write: (text) => {
        if (!ended) channel.output(encoder.encode(text));
      },
      onExit: () => {
        // The last output leaves first (the sessions layer sends it on the next turns).
        setTimeout(() => {
          if (ended) return;
          ended = true;
          channel.end(TUNNEL_TEXT.exited);
        }, 20);
      },
    });
    // The banner goes out once the session is open (keys that arrive first start it at once).
    setImmediate(() => {
      if (!ended) shell.start();
    });
    return {
      write: (data) => shell.input(decoder.decode(data, { stream: true })),
      resize: (cols, rows) => shell.resize(cols, rows),
      pause: () => shell.pause(),
      resume: () => shell.resume(),
      dispose: () => {
        ended = true;
        shell.dispose();
      },
    };
  };
}

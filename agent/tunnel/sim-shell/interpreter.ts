// Runs the shell's lines: pipelines, connectors, assignments, redirections into the simulated tree, and the builtins.

import { type Io, PipeFull, SHELL_BUILTINS, type Sh } from "./command-kit.ts";
import { COMMANDS } from "./commands.ts";
import { buildFs, simEnv } from "./device-tree.ts";
import { expandWord } from "./expand.ts";
import { errorText, normalize, SIM_USER, type SimFs, type SimIdentity } from "./fs.ts";
import { capture, DEPTH_LIMIT, discard, type Out, PIPE_LIMIT, VALUE_LIMIT } from "./streams.ts";
import { type Pipeline, parseLine, ShellError, type SimpleCommand } from "./syntax.ts";

/** A session's shell state and what runs its lines; the terminal (line editor, output, pauses) is SimShell's. */
export abstract class ShellInterpreter implements Sh {
  readonly fs: SimFs;
  readonly id: SimIdentity;
  readonly env: Map<string, string>;
  cwd: string = SIM_USER.home;
  cols: number;
  rows: number;
  history: string[] = [];
  status = 0;
  protected readonly clock: () => number;
  /** Set by `exit`: the session ends once the current line is done. */
  protected exiting = false;

  constructor(opts: { id: SimIdentity; cols?: number; rows?: number; now?: () => number }) {
    this.id = opts.id;
    this.cols = opts.cols ?? 80;
    this.rows = opts.rows ?? 24;
    this.clock = opts.now ?? Date.now;
    this.env = simEnv(opts.id);
    this.fs = buildFs(opts.id, this.clock, () => this.env, Object.keys(COMMANDS));
  }

  now() {
    return this.clock();
  }

  exit() {
    this.exiting = true;
  }

  abstract sleep(ms: number): Promise<void>;

  /** Lets the event loop run now and then and waits while output is paused (throws Cancelled when interrupted). */
  protected abstract breathe(bytes: number): Promise<void>;

  private expand(raw: string, err: Out, depth: number, split: boolean) {
    return expandWord(this, raw, err, depth, split);
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
}

const HELP = `The simulated terminal: a shell built into the Outpost simulator. Its files are in
memory (changes last for this session only) and these commands are built in:

  ls cd pwd cat head tail grep wc sort uniq cut echo date uname hostname whoami id
  uptime df free ps top ip env printenv export unset touch mkdir rm sleep seq yes
  systemctl journalctl stty tput clear history type which help exit

Pipes (|), ; && ||, $VARS, $((arithmetic)), $(commands), globs and redirections
(> >> < 2> 2>&1) work within the simulated device.
`;

// The simulated terminal's shell as a PTY shows it: echo, line editing, history, typeahead, Ctrl-C, pauses.
import { Cancelled } from "./command-kit.ts";
import { SIM_USER, type SimIdentity } from "./fs.ts";
import { ShellInterpreter } from "./interpreter.ts";

/** Longest line the editor keeps. */
const LINE_LIMIT = 4096;
/** Input typed while a command runs that is kept for the prompt after it. */
const TYPEAHEAD_LIMIT = 4096;
const HISTORY_LIMIT = 500;
/** Output bytes (or writes) between two turns of the event loop, so input and credit get through. */
const YIELD_BYTES = 64 * 1024;
const YIELD_WRITES = 64;

/** One terminal session's shell: the line editor and the terminal's output over the interpreter's state. */
export class SimShell extends ShellInterpreter {
  private readonly write: (text: string) => void;
  private readonly onExit: () => void;

  /** The line being typed, the editor's place in the history, and an escape sequence being read. */
  private line = "";
  private historyAt = -1;
  private escape = "";
  private running = false;
  private typeahead = "";
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
    super(opts);
    this.write = opts.write;
    this.onExit = opts.onExit;
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

  /** Output to the terminal: paused while the session's window is full, interrupted by Ctrl-C. */
  private async terminalOut(text: string) {
    if (this.cancelled) throw new Cancelled();
    if (text) this.write(text.replace(/\r?\n/g, "\r\n"));
    await this.breathe(text.length);
  }

  /** Lets the event loop run now and then (input, credit) and waits while the session is paused. */
  protected async breathe(bytes: number) {
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
}

import {
  agentLog,
  errorText,
  hashOf,
  human,
  kernelOf,
  normalize,
  SIM_USER,
  type SimDir,
  type SimFs,
  type SimIdentity,
  type SimNode,
} from "./sim-fs.ts";
import { PatternError, SimRegex } from "./sim-regex.ts";

/**
 * The simulated terminal's commands, all built in: each one reads and writes only the session's
 * in-memory filesystem (sim-fs.ts) and its fake environment. None imports a Node module.
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
function parseFlags(args: string[], valued = ""): { flags: Set<string>; values: Map<string, string>; rest: string[] } {
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
async function readFile(sh: Sh, io: Io, name: string, path: string): Promise<string | null> {
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

const expandHome = (path: string, sh: Sh) =>
  path === "~" || path.startsWith("~/") ? `${sh.env.get("HOME") ?? SIM_USER.home}${path.slice(1)}` : path;

/** The texts a filter reads: its files, else its standard input. */
async function inputs(
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

const linesOf = (text: string) => {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
};

/** Writes many lines in pieces, so a long output can be paused and interrupted. */
async function outLines(io: Io, lines: Iterable<string>) {
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

const pad2 = (n: number) => String(n).padStart(2, "0");
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function formatDate(t: number, format: string): string {
  const d = new Date(t);
  const map: Record<string, string> = {
    a: DAYS[d.getUTCDay()],
    b: MONTHS[d.getUTCMonth()],
    d: pad2(d.getUTCDate()),
    e: String(d.getUTCDate()).padStart(2, " "),
    F: `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`,
    H: pad2(d.getUTCHours()),
    M: pad2(d.getUTCMinutes()),
    m: pad2(d.getUTCMonth() + 1),
    S: pad2(d.getUTCSeconds()),
    s: String(Math.floor(t / 1000)),
    T: `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`,
    Y: String(d.getUTCFullYear()),
    y: pad2(d.getUTCFullYear() % 100),
    Z: "UTC",
    z: "+0000",
    n: "\n",
    t: "\t",
    "%": "%",
  };
  return format.replace(/%(.)/g, (all, c: string) => map[c] ?? all);
}

function uptimeText(sh: Sh): string {
  const secs = Math.max(0, Math.floor((sh.now() - sh.id.bootedAt) / 1000));
  const days = Math.floor(secs / 86400);
  const hours = Math.floor((secs % 86400) / 3600);
  const mins = Math.floor((secs % 3600) / 60);
  const since = days > 0 ? `${days} day${days === 1 ? "" : "s"}, ` : "";
  return `${since}${String(hours).padStart(2)}:${pad2(mins)}`;
}

const loads = (sh: Sh) => {
  const base = (hashOf(sh.id.uuid) % 40) / 100 + 0.1;
  return [base + 0.05, base, base - 0.04].map((n) => (n * sh.id.threads * 0.5).toFixed(2));
};

/** The simulated device's processes: the same for ps and top. */
function processes(sh: Sh) {
  const pid = 700 + (hashOf(sh.id.uuid) % 300);
  const ramKb = Math.floor(sh.id.ramBytes / 1024);
  const rows: [number, string, number, number, string][] = [
    [1, "root", 0.0, 0.3, "/sbin/init"],
    [212, "root", 0.0, 0.4, "/lib/systemd/systemd-journald"],
    [245, "root", 0.0, 0.1, "/lib/systemd/systemd-udevd"],
    [402, "root", 0.1, 0.5, "/usr/sbin/NetworkManager --no-daemon"],
    [530, "root", 1.2, 2.1, "/usr/lib/xorg/Xorg :0 -nolisten tcp vt7"],
    [pid, "outpost", 0.6, 1.4, "/opt/outpost-agent/bin/node /opt/outpost-agent/agent.js --allow-terminal"],
    [1120, SIM_USER.name, 3.8, 9.7, "/usr/lib/chromium/chromium --kiosk http://localhost:3000/"],
    [4242, SIM_USER.name, 0.0, 0.1, "-bash"],
  ];
  return rows.map(([p, user, cpu, mem, cmd]) => ({
    pid: p,
    user,
    cpu,
    mem,
    vsz: Math.floor((ramKb * mem) / 40) + 4000,
    rss: Math.floor((ramKb * mem) / 100) + 900,
    cmd,
  }));
}

function dateShort(t: number): string {
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/** Names in columns across the terminal's width, as `ls` prints them to a terminal (column-major). */
function columns(names: string[], width: number): string[] {
  if (names.length === 0) return [];
  // The most columns whose widths (each its longest name and two spaces) fit the terminal.
  let layout = { rows: names.length, widths: [Math.max(...names.map((n) => n.length))] };
  for (let cols = 2; cols <= names.length; cols++) {
    const rows = Math.ceil(names.length / cols);
    const widths = Array.from({ length: Math.ceil(names.length / rows) }, (_, c) =>
      Math.max(...names.slice(c * rows, (c + 1) * rows).map((n) => n.length)),
    );
    if (widths.reduce((sum, w) => sum + w + 2, 0) - 2 > width) break;
    layout = { rows, widths };
  }
  const out: string[] = [];
  for (let r = 0; r < layout.rows; r++) {
    const cells = layout.widths.map((w, c) => (names[c * layout.rows + r] ?? "").padEnd(w + 2));
    out.push(cells.join("").trimEnd());
  }
  return out;
}

const ls: Command = async (args, io, sh) => {
  const { flags, rest } = parseFlags(args);
  const all = flags.has("a");
  const almost = flags.has("A");
  const long = flags.has("l");
  const one = flags.has("1") || long;
  const operands = rest.length ? rest : ["."];
  let status = 0;
  const size = (n: SimNode) =>
    n.kind === "dir" ? 4096 : typeof n.content === "string" ? new TextEncoder().encode(n.content).length : 0;
  const longLine = (name: string, n: SimNode) => {
    const bytes = size(n);
    const shown = flags.has("h") ? human(bytes) : String(bytes);
    const group = n.owner === SIM_USER.name ? SIM_USER.name : n.owner;
    const links = n.kind === "dir" ? n.children.size + 2 : 1;
    return `${n.mode} ${String(links).padStart(2)} ${n.owner.padEnd(7)} ${group.padEnd(7)} ${shown.padStart(6)} ${dateShort(n.mtime || sh.id.bootedAt)} ${name}`;
  };
  const files: string[] = [];
  const dirs: [string, SimDir][] = [];
  for (const op of operands) {
    const node = sh.fs.lookup(normalize(expandHome(op, sh), sh.cwd));
    if (typeof node === "string") {
      await io.err(`ls: cannot access '${op}': ${errorText(node)}\n`);
      status = 2;
    } else if (node.kind === "file" || flags.has("d")) files.push(long ? longLine(op, node) : op);
    else if (node.private) {
      await io.err(`ls: cannot open directory '${op}': Permission denied\n`);
      status = 2;
    } else dirs.push([op, node]);
  }
  const print = async (names: string[]) => {
    if (one || names.length === 0) await outLines(io, names);
    else await outLines(io, columns(names, sh.cols));
  };
  await print(files);
  for (const [i, [op, node]] of dirs.entries()) {
    if (operands.length > 1) await io.out(`${files.length || i ? "\n" : ""}${op}:\n`);
    const names = [...node.children.keys()].filter((n) => all || almost || !n.startsWith(".")).sort();
    if (all) names.unshift(".", "..");
    if (long) {
      await io.out(`total ${names.length * 4}\n`);
      await outLines(
        io,
        names.map((n) => longLine(n, n === "." || n === ".." ? node : (node.children.get(n) as typeof node))),
      );
    } else await print(names);
  }
  return status;
};

const cat: Command = async (args, io, sh) => {
  const { flags, rest } = parseFlags(args);
  const { texts, failed } = await inputs(sh, io, "cat", rest);
  let n = 0;
  for (const [, text] of texts) {
    if (flags.has("n"))
      await outLines(
        io,
        linesOf(text).map((l) => `${String(++n).padStart(6)}\t${l}`),
      );
    else for (let i = 0; i < text.length; i += 16 * 1024) await io.out(text.slice(i, i + 16 * 1024));
  }
  return failed ? 1 : 0;
};

const headTail =
  (name: "head" | "tail"): Command =>
  async (args, io, sh) => {
    const numeric = args.flatMap((a) => (/^-\d+$/.test(a) ? ["-n", a.slice(1)] : [a]));
    const { values, rest } = parseFlags(numeric, "nc");
    const count = Number(values.get("n") ?? 10);
    if (!Number.isInteger(count) || count < 0) {
      await io.err(`${name}: invalid number of lines: '${values.get("n")}'\n`);
      return 1;
    }
    const { texts, failed } = await inputs(sh, io, name, rest);
    for (const [i, [file, text]] of texts.entries()) {
      if (texts.length > 1) await io.out(`${i ? "\n" : ""}==> ${file} <==\n`);
      const lines = linesOf(text);
      await outLines(io, name === "head" ? lines.slice(0, count) : count === 0 ? [] : lines.slice(-count));
    }
    return failed ? 1 : 0;
  };

const wc: Command = async (args, io, sh) => {
  const { flags, rest } = parseFlags(args);
  const pick = flags.size ? flags : new Set(["l", "w", "c"]);
  const { texts, failed } = await inputs(sh, io, "wc", rest);
  const total = [0, 0, 0];
  const row = (counts: number[], label: string) => {
    const shown = ["l", "w", "c"].filter((f) => pick.has(f)).map((f) => counts[["l", "w", "c"].indexOf(f)]);
    const width = texts.length > 1 || rest.length || shown.length > 1 ? 7 : 0;
    return `${shown.map((n) => String(n).padStart(width)).join(" ")}${label ? ` ${label}` : ""}`.trimStart();
  };
  for (const [file, text] of texts) {
    const counts = [
      (text.match(/\n/g) ?? []).length,
      text.split(/\s+/).filter(Boolean).length,
      new TextEncoder().encode(text).length,
    ];
    counts.forEach((n, i) => {
      total[i] += n;
    });
    await io.out(`${row(counts, rest.length ? file : "")}\n`);
  }
  if (texts.length > 1) await io.out(`${row(total, "total")}\n`);
  return failed ? 1 : 0;
};

const grep: Command = async (args, io, sh) => {
  const { flags, values, rest } = parseFlags(args, "e");
  const pattern = values.get("e") ?? rest.shift();
  if (pattern === undefined) {
    await io.err("Usage: grep [OPTION]... PATTERNS [FILE]...\n");
    return 2;
  }
  let re: SimRegex;
  try {
    re = new SimRegex(pattern, { extended: flags.has("E"), fixed: flags.has("F"), ignoreCase: flags.has("i") });
  } catch (error) {
    await io.err(`grep: ${error instanceof PatternError ? error.message : String(error)}\n`);
    return 2;
  }
  const { texts, failed } = await inputs(sh, io, "grep", rest);
  const named = (texts.length > 1 || flags.has("H")) && !flags.has("h");
  let matched = 0;
  for (const [file, text] of texts) {
    const out: string[] = [];
    let count = 0;
    for (const [i, full] of linesOf(text).entries()) {
      const line = full.slice(0, 4096);
      const hit = re.test(line);
      if (hit === flags.has("v")) continue;
      count++;
      if (flags.has("q") || flags.has("c")) continue;
      const prefix = `${named ? `${file}:` : ""}${flags.has("n") ? `${i + 1}:` : ""}`;
      if (flags.has("o") && !flags.has("v")) {
        for (const m of re.matches(line.slice(0, 1024))) out.push(`${prefix}${m}`);
      } else out.push(`${prefix}${line}`);
    }
    matched += count;
    if (flags.has("c")) out.push(`${named ? `${file}:` : ""}${count}`);
    if (!flags.has("q")) await outLines(io, out);
  }
  return failed ? 2 : matched ? 0 : 1;
};

const sort: Command = async (args, io, sh) => {
  const { flags, rest } = parseFlags(args);
  const { texts, failed } = await inputs(sh, io, "sort", rest);
  let lines = texts.flatMap(([, t]) => linesOf(t));
  lines.sort(flags.has("n") ? (a, b) => Number.parseFloat(a) - Number.parseFloat(b) || (a < b ? -1 : 1) : undefined);
  if (flags.has("r")) lines.reverse();
  if (flags.has("u")) lines = lines.filter((l, i) => i === 0 || l !== lines[i - 1]);
  await outLines(io, lines);
  return failed ? 2 : 0;
};

const uniq: Command = async (args, io, sh) => {
  const { flags, rest } = parseFlags(args);
  const { texts, failed } = await inputs(sh, io, "uniq", rest.slice(0, 1));
  const groups: [string, number][] = [];
  for (const line of linesOf(texts[0]?.[1] ?? "")) {
    const last = groups.at(-1);
    if (last && last[0] === line) last[1]++;
    else groups.push([line, 1]);
  }
  await outLines(
    io,
    groups.map(([l, n]) => (flags.has("c") ? `${String(n).padStart(7)} ${l}` : l)),
  );
  return failed ? 1 : 0;
};

const cut: Command = async (args, io, sh) => {
  const { values, rest } = parseFlags(args, "df");
  const list = values.get("f");
  if (!list) {
    await io.err("cut: you must specify a list of fields\n");
    return 1;
  }
  const delim = values.get("d") ?? "\t";
  const wanted = (n: number) =>
    list.split(",").some((part) => {
      const [a, b] = part.split("-");
      const from = a === "" ? 1 : Number(a);
      const to = b === undefined ? from : b === "" ? Number.POSITIVE_INFINITY : Number(b);
      return n >= from && n <= to;
    });
  const { texts, failed } = await inputs(sh, io, "cut", rest);
  await outLines(
    io,
    texts.flatMap(([, t]) =>
      linesOf(t).map((line) =>
        line.includes(delim)
          ? line
              .split(delim)
              .filter((_, i) => wanted(i + 1))
              .join(delim)
          : line,
      ),
    ),
  );
  return failed ? 1 : 0;
};

const seq: Command = async (args, io) => {
  const nums = args.map(Number);
  if (nums.length === 0 || nums.length > 3 || nums.some((n) => !Number.isFinite(n))) {
    await io.err(
      nums.length === 0
        ? "seq: missing operand\n"
        : `seq: invalid floating point argument: '${args.find((a) => !Number.isFinite(Number(a)))}'\n`,
    );
    return 1;
  }
  const [first, step, last] = nums.length === 1 ? [1, 1, nums[0]] : nums.length === 2 ? [nums[0], 1, nums[1]] : nums;
  if (step === 0) {
    await io.err("seq: invalid Zero increment value: '0'\n");
    return 1;
  }
  let chunk = "";
  for (let n = first; step > 0 ? n <= last : n >= last; n += step) {
    chunk += `${n}\n`;
    if (chunk.length >= 16 * 1024) {
      await io.out(chunk);
      chunk = "";
    }
  }
  if (chunk) await io.out(chunk);
  return 0;
};

const yes: Command = async (args, io) => {
  const line = `${args.length ? args.join(" ") : "y"}\n`;
  const chunk = line.repeat(Math.max(1, Math.floor((16 * 1024) / line.length)));
  for (;;) await io.out(chunk);
};

const sleep: Command = async (args, io, sh) => {
  let total = 0;
  for (const a of args) {
    const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(a);
    if (!m) {
      await io.err(`sleep: invalid time interval '${a}'\n`);
      return 1;
    }
    total += Number(m[1]) * ({ "": 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2]] ?? 1);
  }
  if (!args.length) {
    await io.err("sleep: missing operand\n");
    return 1;
  }
  await sh.sleep(total * 1000);
  return 0;
};

const uname: Command = async (args, io, sh) => {
  const { flags } = parseFlags(args);
  const k = kernelOf(sh.id);
  const all = flags.has("a");
  const parts: string[] = [];
  if (all || flags.has("s") || flags.size === 0) parts.push("Linux");
  if (all || flags.has("n")) parts.push(sh.id.hostname);
  if (all || flags.has("r")) parts.push(k.release);
  if (all || flags.has("v")) parts.push(k.version);
  if (all || flags.has("m")) parts.push(k.machine);
  if (flags.has("p")) parts.push(k.machine);
  if (all || flags.has("o")) parts.push("GNU/Linux");
  await io.out(`${parts.join(" ")}\n`);
  return 0;
};

const df: Command = async (args, io, sh) => {
  const { flags } = parseFlags(args);
  const h = flags.has("h");
  const disk = sh.id.diskBytes;
  const usedShare = 0.2 + (hashOf(`${sh.id.uuid}/disk`) % 50) / 100;
  const rows: [string, number, number, string][] = [
    ["udev", sh.id.ramBytes / 2, 0, "/dev"],
    ["tmpfs", sh.id.ramBytes / 10, 1.2 * 1024 * 1024, "/run"],
    ["/dev/sda2", disk - 512 * 1024 * 1024, disk * usedShare, "/"],
    ["tmpfs", sh.id.ramBytes / 2, 0, "/dev/shm"],
    ["/dev/sda1", 512 * 1024 * 1024, 6 * 1024 * 1024, "/boot/efi"],
  ];
  const fmt = (n: number) => (h ? human(n) : String(Math.floor(n / 1024)));
  const lines = [
    `${"Filesystem".padEnd(14)} ${(h ? "Size" : "1K-blocks").padStart(10)} ${"Used".padStart(10)} ${"Avail".padStart(10)} Use% Mounted on`,
    ...rows.map(
      ([fs, size, used, mount]) =>
        `${fs.padEnd(14)} ${fmt(size).padStart(10)} ${fmt(used).padStart(10)} ${fmt(size - used).padStart(10)} ${`${Math.ceil((used / size) * 100)}%`.padStart(4)} ${mount}`,
    ),
  ];
  await outLines(io, lines);
  return 0;
};

const free: Command = async (args, io, sh) => {
  const { flags } = parseFlags(args);
  const total = sh.id.ramBytes;
  const used = total * (0.3 + (hashOf(`${sh.id.uuid}/ram`) % 40) / 100);
  const cache = total * 0.15;
  const unit = flags.has("h")
    ? human
    : flags.has("g")
      ? (n: number) => String(Math.floor(n / 1024 ** 3))
      : flags.has("m")
        ? (n: number) => String(Math.floor(n / 1024 ** 2))
        : (n: number) => String(Math.floor(n / 1024));
  const cells = (xs: number[]) => xs.map((x) => unit(x).padStart(11)).join(" ");
  await outLines(io, [
    `${" ".repeat(15)}${["total", "used", "free", "shared", "buff/cache", "available"].map((s) => s.padStart(11)).join(" ")}`,
    `Mem:${" ".repeat(11)}${cells([total, used, total - used - cache, total * 0.01, cache, total - used])}`,
    `Swap:${" ".repeat(10)}${cells([0, 0, 0])}`,
  ]);
  return 0;
};

const ps: Command = async (args, io, sh) => {
  const wide = args.some((a) => /^-?(aux|ef|e|A|ax)$/.test(a));
  const procs = processes(sh);
  if (!wide) {
    await outLines(io, [
      "    PID TTY          TIME CMD",
      "   4242 pts/0    00:00:00 bash",
      "   4300 pts/0    00:00:00 ps",
    ]);
    return 0;
  }
  await outLines(io, [
    "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
    ...[...procs, { pid: 4300, user: SIM_USER.name, cpu: 0, mem: 0.1, vsz: 9000, rss: 3200, cmd: "ps aux" }].map((p) =>
      `${p.user.padEnd(8)} ${String(p.pid).padStart(7)} ${p.cpu.toFixed(1).padStart(4)} ${p.mem.toFixed(1).padStart(4)} ${String(p.vsz).padStart(6)} ${String(p.rss).padStart(5)} ${p.user === SIM_USER.name && p.cmd.includes("bash") ? "pts/0   " : "?       "} ${p.pid === 4300 ? "R+" : "Ss"}   ${formatDate(sh.id.bootedAt, "%H:%M")}   0:0${p.pid % 10} ${p.cmd}`.slice(
        0,
        Math.max(80, sh.cols),
      ),
    ),
  ]);
  return 0;
};

const top: Command = async (_args, io, sh) => {
  const procs = processes(sh).sort((a, b) => b.cpu - a.cpu);
  const mib = sh.id.ramBytes / 1024 ** 2;
  await outLines(io, [
    `top - ${formatDate(sh.now(), "%T")} up ${uptimeText(sh)},  1 user,  load average: ${loads(sh).join(", ")}`,
    `Tasks: ${procs.length + 96} total,   1 running, ${procs.length + 95} sleeping,   0 stopped,   0 zombie`,
    "%Cpu(s):  4.1 us,  1.2 sy,  0.0 ni, 94.3 id,  0.2 wa,  0.0 hi,  0.2 si,  0.0 st",
    `MiB Mem : ${mib.toFixed(1).padStart(8)} total, ${(mib * 0.38).toFixed(1).padStart(8)} free, ${(mib * 0.45).toFixed(1).padStart(8)} used, ${(mib * 0.17).toFixed(1).padStart(8)} buff/cache`,
    "",
    "    PID USER      PR  NI    VIRT    RES  %CPU  %MEM     TIME+ COMMAND",
    ...procs.map(
      (p) =>
        `${String(p.pid).padStart(7)} ${p.user.padEnd(9)} 20   0 ${String(p.vsz).padStart(7)} ${String(p.rss).padStart(6)} ${p.cpu.toFixed(1).padStart(5)} ${p.mem.toFixed(1).padStart(5)}   0:0${p.pid % 10}.12 ${p.cmd.split(" ")[0].split("/").at(-1)}`,
    ),
    "(a snapshot: the simulated shell has no full-screen programs)",
  ]);
  return 0;
};

const ip: Command = async (args, io, sh) => {
  const what = args.filter((a) => !a.startsWith("-"))[0] ?? "";
  const mac = sh.id.mac.toLowerCase();
  const v6 = `fe80::${mac.split(":").slice(3).join("")}:1/64`;
  if (/^a(d(d(r(e(s(s)?)?)?)?)?)?$/.test(what)) {
    await outLines(io, [
      "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000",
      "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
      "    inet 127.0.0.1/8 scope host lo",
      "       valid_lft forever preferred_lft forever",
      "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP group default qlen 1000",
      `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff`,
      `    inet ${sh.id.ip}/24 brd ${sh.id.ip.replace(/\d+$/, "255")} scope global dynamic eth0`,
      "       valid_lft 85603sec preferred_lft 85603sec",
      `    inet6 ${v6} scope link`,
      "       valid_lft forever preferred_lft forever",
    ]);
    return 0;
  }
  if (/^l(i(n(k)?)?)?$/.test(what)) {
    await outLines(io, [
      "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000",
      "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00",
      "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT group default qlen 1000",
      `    link/ether ${mac} brd ff:ff:ff:ff:ff:ff`,
    ]);
    return 0;
  }
  if (/^r(o(u(t(e)?)?)?)?$/.test(what)) {
    const net = sh.id.ip.replace(/\d+$/, "0");
    await outLines(io, [
      `default via ${sh.id.ip.replace(/\d+$/, "1")} dev eth0 proto dhcp src ${sh.id.ip} metric 100`,
      `${net}/24 dev eth0 proto kernel scope link src ${sh.id.ip} metric 100`,
    ]);
    return 0;
  }
  await io.err("Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\n       OBJECT := { address | link | route }\n");
  return what ? 1 : 255;
};

const env: Command = async (args, io, sh) => {
  if (args.length) {
    await io.err("env: running commands through env is not supported in the simulated shell\n");
    return 125;
  }
  await outLines(
    io,
    [...sh.env.entries()].filter(([k]) => k !== "PS1").map(([k, v]) => `${k}=${v}`),
  );
  return 0;
};

const printenv: Command = async (args, io, sh) => {
  if (!args.length) return env([], io, sh);
  let status = 0;
  for (const name of args) {
    const value = sh.env.get(name);
    if (value === undefined) status = 1;
    else await io.out(`${value}\n`);
  }
  return status;
};

const agentUnit = "outpost-agent";
const systemctl: Command = async (args, io, sh) => {
  const { rest } = parseFlags(args);
  const [verb = "list-units", ...units] = rest;
  const unit = (units[0] ?? agentUnit).replace(/\.service$/, "");
  if (verb === "status") {
    if (unit !== agentUnit) {
      await io.err(`Unit ${unit}.service could not be found.\n`);
      return 4;
    }
    const pid = 700 + (hashOf(sh.id.uuid) % 300);
    await outLines(io, [
      `● ${agentUnit}.service - Outpost device agent`,
      `     Loaded: loaded (/etc/systemd/system/${agentUnit}.service; enabled; preset: enabled)`,
      `     Active: active (running) since ${formatDate(sh.id.bootedAt, "%a %F %T %Z")}; ${uptimeText(sh).trim()} ago`,
      `   Main PID: ${pid} (node)`,
      "      Tasks: 11 (limit: 4915)",
      `     Memory: ${Math.round((sh.id.ramBytes * 0.014) / 1024 ** 2)}.4M`,
      `     CGroup: /system.slice/${agentUnit}.service`,
      `             └─${pid} /opt/outpost-agent/bin/node /opt/outpost-agent/agent.js --allow-terminal`,
      "",
      ...agentLog(sh.id, sh.now(), 6),
    ]);
    return 0;
  }
  if (verb === "list-units" || verb === "--type=service") {
    await outLines(io, [
      "  UNIT                        LOAD   ACTIVE SUB     DESCRIPTION",
      "  NetworkManager.service      loaded active running Network Manager",
      `  ${`${agentUnit}.service`.padEnd(27)} loaded active running Outpost device agent`,
      "  kiosk-browser.service       loaded active running Kiosk browser session",
      "  systemd-journald.service    loaded active running Journal Service",
      "  systemd-timesyncd.service   loaded active running Network Time Synchronization",
    ]);
    return 0;
  }
  if (
    ["start", "stop", "restart", "reload", "enable", "disable", "reboot", "poweroff", "kill", "mask"].includes(verb)
  ) {
    await io.err(`Failed to ${verb} ${units[0] ?? ""}: Interactive authentication required.\n`.replace("  ", " "));
    return 1;
  }
  await io.err(`Unknown command verb '${verb}'.\n`);
  return 1;
};

const journalctl: Command = async (args, io, sh) => {
  const { values } = parseFlags(args, "un");
  const unit = values.get("u")?.replace(/\.service$/, "");
  if (unit && unit !== agentUnit) {
    await io.out("-- No entries --\n");
    return 0;
  }
  const n = Number(values.get("n") ?? 40);
  const lines = agentLog(sh.id, sh.now(), 40);
  await outLines(io, lines.slice(-Math.max(0, Math.min(40, Number.isFinite(n) ? n : 40))));
  return 0;
};

const touch: Command = async (args, io, sh) => {
  let status = 0;
  for (const f of parseFlags(args).rest) {
    const path = normalize(expandHome(f, sh), sh.cwd);
    const node = sh.fs.lookup(path);
    if (typeof node !== "string") continue;
    const error = sh.fs.write(path, "", true);
    if (error) {
      await io.err(`touch: cannot touch '${f}': ${error}\n`);
      status = 1;
    }
  }
  return status;
};

const mkdir: Command = async (args, io, sh) => {
  const { flags, rest } = parseFlags(args);
  let status = 0;
  for (const d of rest) {
    const path = normalize(expandHome(d, sh), sh.cwd);
    const steps = flags.has("p")
      ? path
          .split("/")
          .filter(Boolean)
          .map((_, i, a) => `/${a.slice(0, i + 1).join("/")}`)
      : [path];
    for (const step of steps) {
      if (flags.has("p") && typeof sh.fs.lookup(step) !== "string") continue;
      const error = sh.fs.mkdir(step);
      if (error) {
        await io.err(`mkdir: cannot create directory '${d}': ${error}\n`);
        status = 1;
        break;
      }
    }
  }
  return status;
};

const rm: Command = async (args, io, sh) => {
  const { flags, rest } = parseFlags(args);
  let status = 0;
  for (const f of rest) {
    const error = sh.fs.remove(normalize(expandHome(f, sh), sh.cwd), flags.has("r") || flags.has("R"));
    if (error && !(flags.has("f") && error === "No such file or directory")) {
      await io.err(`rm: cannot remove '${f}': ${error}\n`);
      status = 1;
    }
  }
  return status;
};

const ln: Command = async (args, io) => {
  const { rest } = parseFlags(args);
  const target = rest.at(-1) ?? "";
  await io.err(
    rest.length ? `ln: failed to create link '${target}': Operation not permitted\n` : "ln: missing file operand\n",
  );
  return 1;
};

const stty: Command = async (args, io, sh) => {
  if (args[0] === "size") await io.out(`${sh.rows} ${sh.cols}\n`);
  else if (args[0] === "-a" || args.length === 0)
    await io.out(`speed 38400 baud; rows ${sh.rows}; columns ${sh.cols}; line = 0;\n`);
  return 0;
};

const tput: Command = async (args, io, sh) => {
  const cap = args[0];
  if (cap === "cols") await io.out(`${sh.cols}\n`);
  else if (cap === "lines") await io.out(`${sh.rows}\n`);
  else if (cap === "clear") await io.out(CLEAR);
  else if (cap !== "sgr0" && cap !== "bold" && cap !== "setaf") return 1;
  return 0;
};

/** Clears the screen and the scrollback, as `clear` does in xterm. */
export const CLEAR = "\x1b[H\x1b[2J\x1b[3J";

const which: Command = async (args, io) => {
  let status = 0;
  for (const name of args.filter((a) => !a.startsWith("-"))) {
    if (Object.hasOwn(COMMANDS, name)) await io.out(`/usr/bin/${name}\n`);
    else status = 1;
  }
  return status;
};

const denied =
  (text: string, status = 1): Command =>
  async (_args, io) => {
    await io.err(text);
    return status;
  };

const power = denied(
  "Failed to set wall message, ignoring: Interactive authentication required.\nCall to Reboot failed: Interactive authentication required.\n",
);

/** The commands on the simulated PATH (shell builtins like cd and export live in sim-shell.ts). */
export const COMMANDS: Record<string, Command> = {
  cat,
  clear: async (_args, io) => {
    await io.out(CLEAR);
    return 0;
  },
  cut,
  date: async (args, io, sh) => {
    const format = args.find((a) => a.startsWith("+"))?.slice(1) ?? "%a %b %e %T %Z %Y";
    await io.out(`${formatDate(sh.now(), format)}\n`);
    return 0;
  },
  df,
  echo: async (args, io) => {
    let i = 0;
    let newline = true;
    let escapes = false;
    for (; i < args.length && /^-[neE]+$/.test(args[i]); i++) {
      if (args[i].includes("n")) newline = false;
      if (args[i].includes("e")) escapes = true;
    }
    let text = args.slice(i).join(" ");
    if (escapes)
      text = text.replace(
        /\\([ntr\\ae])/g,
        (_, c: string) => ({ n: "\n", t: "\t", r: "\r", "\\": "\\", a: "\x07", e: "\x1b" })[c] ?? c,
      );
    await io.out(newline ? `${text}\n` : text);
    return 0;
  },
  env,
  false: async () => 1,
  free,
  grep,
  head: headTail("head"),
  hostname: async (_args, io, sh) => {
    await io.out(`${sh.id.hostname}\n`);
    return 0;
  },
  id: async (_args, io) => {
    const { uid, gid, name } = SIM_USER;
    await io.out(`uid=${uid}(${name}) gid=${gid}(${name}) groups=${gid}(${name}),44(video),46(plugdev)\n`);
    return 0;
  },
  ip,
  journalctl,
  ln,
  ls,
  mkdir,
  poweroff: power,
  printenv,
  ps,
  pwd: async (_args, io, sh) => {
    await io.out(`${sh.cwd}\n`);
    return 0;
  },
  reboot: power,
  rm,
  seq,
  shutdown: power,
  sleep,
  sort,
  stty,
  su: denied("Password: \nsu: Authentication failure\n"),
  sudo: denied(`${SIM_USER.name} is not in the sudoers file.\n`),
  systemctl,
  tail: headTail("tail"),
  top,
  touch,
  tput,
  true: async () => 0,
  uname,
  uniq,
  uptime: async (args, io, sh) => {
    if (args.includes("-p")) await io.out(`up ${uptimeText(sh).trim()}\n`);
    else
      await io.out(
        ` ${formatDate(sh.now(), "%T")} up ${uptimeText(sh)},  1 user,  load average: ${loads(sh).join(", ")}\n`,
      );
    return 0;
  },
  wc,
  which,
  whoami: async (_args, io) => {
    await io.out(`${SIM_USER.name}\n`);
    return 0;
  },
  yes,
};

// Commands over the session's in-memory files: ls, cat, touch, mkdir, rm, ln.
import { type Command, expandHome, inputs, linesOf, outLines, parseFlags } from "./command-kit.ts";
import { human } from "./device-tree.ts";
import { errorText, normalize, SIM_USER, type SimDir, type SimNode } from "./fs.ts";
import { dateShort } from "./system-commands.ts";

/** Names in columns across the terminal's width, as `ls` prints them to a terminal (column-major). */
export function columns(names: string[], width: number): string[] {
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

export const ls: Command = async (args, io, sh) => {
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

export const cat: Command = async (args, io, sh) => {
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

export const touch: Command = async (args, io, sh) => {
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

export const mkdir: Command = async (args, io, sh) => {
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

export const rm: Command = async (args, io, sh) => {
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

export const ln: Command = async (args, io) => {
  const { rest } = parseFlags(args);
  const target = rest.at(-1) ?? "";
  await io.err(
    rest.length ? `ln: failed to create link '${target}': Operation not permitted\n` : "ln: missing file operand\n",
  );
  return 1;
};

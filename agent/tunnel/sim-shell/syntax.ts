// The shell's grammar: a line into pipelines of commands of raw words, and `$((…))` arithmetic.

export class ShellError extends Error {}

export type Redirect = { op: ">" | ">>" | "<" | "2>" | "2>>" | "&>" | "2>&1"; target: string };
export type SimpleCommand = { words: string[]; redirects: Redirect[] };
export type Pipeline = { commands: SimpleCommand[]; connector: ";" | "&&" | "||" };

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

export function closeBacktick(line: string, i: number): number {
  while (i < line.length) {
    if (line[i] === "\\") i += 2;
    else if (line[i] === "`") return i + 1;
    else i++;
  }
  throw new ShellError("unexpected EOF while looking for matching ``'");
}

/** `i` at an opening ( or {: the index after its match (quotes inside respected). */
export function closeParen(line: string, i: number): number {
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

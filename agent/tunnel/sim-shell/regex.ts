// The simulated grep's regular expressions (POSIX BRE/ERE) on an NFA, linear in the line.
/**
 * The simulated `grep`'s patterns: POSIX basic and extended regular expressions matched by a
 * Thompson NFA, in time linear in the line (times the pattern). JavaScript's backtracking RegExp
 * is not used for typed patterns: one like `a*a*a*a*c` would stall the simulator's event loop —
 * every simulated device with it — for minutes.
 */

type State =
  | { kind: "char"; test: (c: string) => boolean; out: number }
  | { kind: "split"; out: number; alt: number }
  | { kind: "bol" | "eol"; out: number }
  | { kind: "match" };

type Node =
  | { t: "char"; test: (c: string) => boolean }
  | { t: "bol" | "eol" | "empty" }
  | { t: "cat"; items: Node[] }
  | { t: "alt"; options: Node[] }
  | { t: "star" | "plus" | "opt"; node: Node };

const CLASSES: Record<string, (c: string) => boolean> = {
  alpha: (c) => /[A-Za-z]/.test(c),
  digit: (c) => c >= "0" && c <= "9",
  alnum: (c) => /[A-Za-z0-9]/.test(c),
  space: (c) => /\s/.test(c),
  upper: (c) => c >= "A" && c <= "Z",
  lower: (c) => c >= "a" && c <= "z",
  punct: (c) => /[!-/:-@[-`{-~]/.test(c),
  xdigit: (c) => /[0-9A-Fa-f]/.test(c),
  blank: (c) => c === " " || c === "\t",
};

export class PatternError extends Error {}

/** Parses a pattern (`extended`: ERE, else BRE) into a tree; `fold`: ignore case. */
function parse(pattern: string, extended: boolean, fold: boolean): Node {
  let i = 0;
  const lit = (ch: string): Node => {
    const want = fold ? ch.toLowerCase() : ch;
    return { t: "char", test: (c) => c === want };
  };
  /** An operator here? ERE: the bare character; BRE: the backslashed one (`*` is bare in both). */
  const isOp = (op: string) => {
    if (op === "*") return pattern[i] === "*";
    return extended ? pattern[i] === op : pattern[i] === "\\" && pattern[i + 1] === op;
  };
  const opLength = (op: string) => (op === "*" || extended ? 1 : 2);
  const bracket = (): Node => {
    i++; // [
    const negate = pattern[i] === "^";
    if (negate) i++;
    const tests: ((c: string) => boolean)[] = [];
    let first = true;
    while (i < pattern.length && (pattern[i] !== "]" || first)) {
      first = false;
      if (pattern.startsWith("[:", i)) {
        const end = pattern.indexOf(":]", i + 2);
        const test = end > 0 ? CLASSES[pattern.slice(i + 2, end)] : undefined;
        if (!test) throw new PatternError("Invalid character class name");
        tests.push(test);
        i = end + 2;
        continue;
      }
      const from = pattern[i];
      if (pattern[i + 1] === "-" && pattern[i + 2] !== undefined && pattern[i + 2] !== "]") {
        const to = pattern[i + 2];
        tests.push((c) => c >= from && c <= to);
        i += 3;
      } else {
        tests.push((c) => c === from);
        i++;
      }
    }
    if (pattern[i] !== "]") throw new PatternError("Unmatched [, [^, [:, [., or [=");
    i++;
    const inSet = (c: string) => tests.some((t) => t(c) || (fold && (t(c.toUpperCase()) || t(c.toLowerCase()))));
    return { t: "char", test: negate ? (c) => !inSet(c) : inSet };
  };
  const atom = (): Node | null => {
    const c = pattern[i];
    if (c === undefined) return null;
    if (isOp("|") || isOp(")")) return null;
    if (isOp("(")) {
      i += opLength("(");
      const inner = alternation();
      if (!isOp(")")) throw new PatternError("Unmatched ( or \\(");
      i += opLength(")");
      return inner;
    }
    if (c === "[") return bracket();
    if (c === ".") {
      i++;
      return { t: "char", test: () => true };
    }
    if (c === "^") {
      i++;
      return { t: "bol" };
    }
    if (c === "$") {
      i++;
      return { t: "eol" };
    }
    if (c === "\\") {
      const e = pattern[i + 1];
      if (e === undefined) throw new PatternError("Trailing backslash");
      i += 2;
      if (/[1-9]/.test(e)) throw new PatternError("back-references are not supported by the simulated grep");
      if (e === "w") return { t: "char", test: (ch) => /\w/.test(ch) };
      if (e === "W") return { t: "char", test: (ch) => !/\w/.test(ch) };
      if (e === "s") return { t: "char", test: (ch) => /\s/.test(ch) };
      if (e === "S") return { t: "char", test: (ch) => !/\s/.test(ch) };
      return lit(e);
    }
    i++;
    return lit(c);
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    for (;;) {
      let node = atom();
      if (!node) break;
      for (;;) {
        if (isOp("*")) {
          i += 1;
          node = { t: "star", node };
        } else if (isOp("+")) {
          i += opLength("+");
          node = { t: "plus", node };
        } else if (isOp("?")) {
          i += opLength("?");
          node = { t: "opt", node };
        } else break;
      }
      items.push(node);
    }
    return items.length === 1 ? items[0] : items.length ? { t: "cat", items } : { t: "empty" };
  };
  const alternation = (): Node => {
    const options = [sequence()];
    while (isOp("|")) {
      i += opLength("|");
      options.push(sequence());
    }
    return options.length === 1 ? options[0] : { t: "alt", options };
  };
  const tree = alternation();
  if (i < pattern.length) throw new PatternError("Unmatched ) or \\)");
  return tree;
}

/** A compiled pattern: does a line match, and its matches (leftmost-longest, as `grep -o`). */
export class SimRegex {
  private readonly states: State[] = [];
  private readonly start: number;
  private readonly fold: boolean;

  constructor(pattern: string, opts: { extended?: boolean; ignoreCase?: boolean; fixed?: boolean } = {}) {
    this.fold = opts.ignoreCase ?? false;
    const tree = opts.fixed
      ? ({
          t: "cat",
          items: [...pattern].map((ch) => parse(ch === "\\" ? "\\\\" : `\\${ch}`, true, this.fold)),
        } as Node)
      : parse(pattern, opts.extended ?? false, this.fold);
    this.states.push({ kind: "match" });
    this.start = this.compile(tree, 0);
  }

  /** Builds the states for `node` that continue at `next`: the entry state. */
  private compile(node: Node, next: number): number {
    const add = (s: State) => this.states.push(s) - 1;
    switch (node.t) {
      case "char":
        return add({ kind: "char", test: node.test, out: next });
      case "bol":
      case "eol":
        return add({ kind: node.t, out: next });
      case "empty":
        return next;
      case "cat":
        return node.items.reduceRight((out, item) => this.compile(item, out), next);
      case "alt":
        return node.options.map((o) => this.compile(o, next)).reduce((alt, out) => add({ kind: "split", out, alt }));
      case "opt":
        return add({ kind: "split", out: this.compile(node.node, next), alt: next });
      case "star":
      case "plus": {
        const loop = add({ kind: "split", out: -1, alt: next });
        const body = this.compile(node.node, loop);
        (this.states[loop] as { out: number }).out = body;
        return node.t === "star" ? loop : body;
      }
    }
  }

  /** Adds a state and what it reaches without reading a character. */
  private close(set: Set<number>, s: number, at: number, length: number) {
    if (set.has(s)) return;
    set.add(s);
    const state = this.states[s];
    if (state.kind === "split") {
      this.close(set, state.out, at, length);
      this.close(set, state.alt, at, length);
    } else if (state.kind === "bol") {
      if (at === 0) this.close(set, state.out, at, length);
    } else if (state.kind === "eol") {
      if (at === length) this.close(set, state.out, at, length);
    }
  }

  /** The end of the longest match starting at `from`, or -1. */
  private longestAt(line: string, from: number): number {
    let current = new Set<number>();
    this.close(current, this.start, from, line.length);
    let end = current.has(0) ? from : -1;
    for (let at = from; at < line.length && current.size; at++) {
      const c = this.fold ? line[at].toLowerCase() : line[at];
      const next = new Set<number>();
      for (const s of current) {
        const state = this.states[s];
        if (state.kind === "char" && state.test(c)) this.close(next, state.out, at + 1, line.length);
      }
      current = next;
      if (current.has(0)) end = at + 1;
    }
    return end;
  }

  test(line: string): boolean {
    // One pass: a new thread starts at every position (linear in the line).
    let current = new Set<number>();
    for (let at = 0; at <= line.length; at++) {
      this.close(current, this.start, at, line.length);
      if (current.has(0)) return true;
      if (at === line.length) break;
      const c = this.fold ? line[at].toLowerCase() : line[at];
      const next = new Set<number>();
      for (const s of current) {
        const state = this.states[s];
        if (state.kind === "char" && state.test(c)) this.close(next, state.out, at + 1, line.length);
      }
      current = next;
    }
    return false;
  }

  /** The non-empty matches of a line, left to right, each the longest at its start. */
  matches(line: string): string[] {
    const found: string[] = [];
    for (let at = 0; at < line.length; ) {
      const end = this.longestAt(line, at);
      if (end > at) {
        found.push(line.slice(at, end));
        at = end;
      } else at++;
    }
    return found;
  }
}

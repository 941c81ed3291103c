// Word expansion: quotes, `~`, variables, `$((…))`, `$(…)` and backticks, then globs over the simulated tree.

import { PipeFull } from "./command-kit.ts";
import type { SimFs } from "./fs.ts";
import { SIM_USER } from "./fs.ts";
import { capture, DEPTH_LIMIT, type Out, VALUE_LIMIT } from "./streams.ts";
import { arithmetic, closeBacktick, closeParen, ShellError } from "./syntax.ts";

/** What expansion reads of the shell (and `$?`, which a substitution sets). */
export type Expanding = {
  readonly fs: SimFs;
  readonly env: Map<string, string>;
  readonly cwd: string;
  status: number;
  runLine(line: string, out: Out, err: Out, depth: number): Promise<number>;
};

/**
 * Expands one raw word into fields: quotes, `~`, `$NAME`/`${NAME}`/`$?`, `$((…))`, `$(…)` and
 * backticks (run by this same shell), then globs against the simulated filesystem.
 */
export async function expandWord(
  sh: Expanding,
  raw: string,
  err: Out,
  depth: number,
  split: boolean,
): Promise<string[]> {
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
    const status = await sh.runLine(inner, sink.write, err, depth + 1).catch((error) => {
      if (error instanceof PipeFull) return 141;
      throw error;
    });
    sh.status = status;
    return sink.text.replace(/\n+$/, "");
  };
  const dollar = async (i: number, quoted: boolean): Promise<number> => {
    if (raw.startsWith("$((", i)) {
      const end = closeParen(raw, i + 1);
      const inner = raw.slice(i + 3, end - 2);
      const value = arithmetic(
        inner.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n: string) => sh.env.get(n) ?? "0"),
        (n) => sh.env.get(n),
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
      add(variable(sh, name), quoted);
      return end;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*|[?$#0-9])/.exec(raw.slice(i + 1));
    if (!m) {
      add("$", true);
      return i + 1;
    }
    add(variable(sh, m[1]), quoted);
    return i + 1 + m[1].length;
  };
  let i = 0;
  if (raw === "~" || raw.startsWith("~/")) {
    current = sh.env.get("HOME") ?? SIM_USER.home;
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
    const matches = sh.fs.glob(f, sh.cwd);
    return matches.length ? matches : [f];
  });
}

function variable(sh: Expanding, name: string): string {
  if (name === "?") return String(sh.status);
  if (name === "$") return "4242";
  if (name === "#") return "0";
  if (name === "0") return "-bash";
  if (/^\d$/.test(name)) return "";
  return sh.env.get(name) ?? "";
}

// Text filters over files and pipes: head, tail, wc, grep, sort, uniq, cut, seq, yes.
import { type Command, inputs, linesOf, outLines, parseFlags } from "./command-kit.ts";
import { PatternError, SimRegex } from "./regex.ts";

export const headTail =
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

export const wc: Command = async (args, io, sh) => {
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

export const grep: Command = async (args, io, sh) => {
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

export const sort: Command = async (args, io, sh) => {
  const { flags, rest } = parseFlags(args);
  const { texts, failed } = await inputs(sh, io, "sort", rest);
  let lines = texts.flatMap(([, t]) => linesOf(t));
  lines.sort(flags.has("n") ? (a, b) => Number.parseFloat(a) - Number.parseFloat(b) || (a < b ? -1 : 1) : undefined);
  if (flags.has("r")) lines.reverse();
  if (flags.has("u")) lines = lines.filter((l, i) => i === 0 || l !== lines[i - 1]);
  await outLines(io, lines);
  return failed ? 2 : 0;
};

export const uniq: Command = async (args, io, sh) => {
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

export const cut: Command = async (args, io, sh) => {
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

export const seq: Command = async (args, io) => {
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

export const yes: Command = async (args, io) => {
  const line = `${args.length ? args.join(" ") : "y"}\n`;
  const chunk = line.repeat(Math.max(1, Math.floor((16 * 1024) / line.length)));
  for (;;) await io.out(chunk);
};

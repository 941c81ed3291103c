import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses } from "../src/lib/ui/class-merge";

/** Every class-like word of web/src's string literals (the classes the console writes), variants stripped. */
function consoleClasses(): string[] {
  const src = fileURLToPath(new URL("../src", import.meta.url));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.includes(".test.")) files.push(path);
    }
  };
  walk(src);
  const out = new Set<string>();
  for (const file of files) {
    for (const [, , literal] of readFileSync(file, "utf8").matchAll(/(["'`])((?:(?!\1)[^\\\n$]|\\.)*)\1/g)) {
      for (const word of literal.split(/\s+/)) {
        if (!/^-?[a-z[][\w\-[\]:/.%()#,'&*>=~+!]*$/.test(word) || word.length > 80) continue;
        out.add(word.split(/:(?![^[]*\])/).pop() as string);
      }
    }
  }
  return [...out].filter((c) => c !== "" && !c.endsWith(":"));
}

/**
 * The family a class can conflict within (every pair of all ~800 classes takes minutes): its head
 * (`px-4` → "px"), with the heads that set the same properties together (padding, inset, sizes…).
 */
const FAMILIES: Record<string, string> = {};
for (const [family, heads] of Object.entries({
  p: "p px py ps pe pt pr pb pl",
  m: "m mx my ms me mt mr mb ml",
  inset: "inset top right bottom left start end",
  size: "size w h",
  text: "text leading truncate whitespace overflow line-clamp font tracking",
  display: "block inline flex grid hidden contents table line-clamp overflow sr not",
  flex: "flex grow shrink basis",
})) {
  for (const head of heads.split(" ")) FAMILIES[head] = FAMILIES[head] ? `${FAMILIES[head]} ${family}` : family;
}
const familiesOf = (c: string) => {
  const head = c.replace(/^-/, "").split(/[-/[]/)[0];
  return (FAMILIES[head] ?? head).split(" ");
};

describe("mergeClasses", () => {
  it("resolves each pair of the console's classes that may conflict as tailwind-merge does", () => {
    const classes = consoleClasses();
    expect(classes.length).toBeGreaterThan(500);
    const byFamily = new Map<string, string[]>();
    for (const c of classes) for (const f of familiesOf(c)) byFamily.set(f, [...(byFamily.get(f) ?? []), c]);
    const differ: string[] = [];
    for (const family of byFamily.values()) {
      for (const a of family)
        for (const b of family) {
          const pair = `${a} ${b}`;
          if (a !== b && mergeClasses(pair) !== twMerge(pair))
            differ.push(`${pair} → ${mergeClasses(pair)}, not ${twMerge(pair)}`);
        }
    }
    expect(differ.slice(0, 400)).toEqual([]);
  });

  it("compares utilities only under the same variants and importance", () => {
    for (const classes of [
      "px-4 py-2 md:px-6 hover:bg-accent hover:bg-muted md:px-2",
      "p-4 px-2 py-1 pt-0",
      "px-2 p-4",
      "text-sm text-muted-foreground text-lg text-destructive",
      "h-9 w-9 size-8",
      "rounded-md rounded-t-none",
      "border border-input border-destructive border-l-4",
      "focus-visible:hover:ring-2 hover:focus-visible:ring-4",
      "bg-primary bg-primary! bg-card",
      "my-class other-class px-1 my-class",
      "-mt-2 mt-4",
    ]) {
      expect(mergeClasses(classes)).toBe(twMerge(classes));
    }
  });
});

/**
 * Which English text parts each console module needs, and whether its static imports load them.
 *
 * English is split in parts (web/src/lib/i18n/locales/en-*.ts) that add themselves to the dictionary when
 * loaded (`englishPart`), so a page's first load carries only the texts its modules use. The rule
 * this checks is what makes that safe: a module that names a key of a part (as a string literal, or
 * the head of a template literal such as `bulk.action.${…}`) loads that part through its own static
 * imports, so the part is in the dictionary before the module can render. A lazily imported module
 * is a chunk of its own and needs its own import. Read in Node by web/build/text-parts.test.ts and
 * `node web/build/text-parts.ts` (prints the missing imports).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const webSrc = fileURLToPath(new URL("../src/", import.meta.url));
const localesDir = join(webSrc, "lib", "i18n", "locales");

/** An English part: its module's path and its keys (the `"key":` entries of its object). */
export type TextPart = { file: string; keys: string[] };

const KEY_ENTRY = /^\s*"([A-Za-z][\w.-]*)":/gm;

/** The English parts that load on demand (en.ts, the texts every page needs, is always there). */
export function englishParts(dir = localesDir): TextPart[] {
  return readdirSync(dir)
    .filter((name) => /^en-[\w-]+\.ts$/.test(name))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      return { file, keys: [...readFileSync(file, "utf8").matchAll(KEY_ENTRY)].map((m) => m[1] as string) };
    });
}

/** The console's modules and their unit tests: web/src's .ts/.tsx files, without the dictionaries themselves. */
export function consoleModules(dir = webSrc): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (path !== localesDir) out.push(...consoleModules(path));
    } else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) {
      out.push(path);
    }
  }
  return out.sort();
}

// `import … from "x"`, `import "x"`, `export … from "x"`; `import type`/`export type` are erased.
const STATIC_IMPORT = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:([^;"'`]*?)\s+from\s+)?["']([^"']+)["']/g;

/** Resolves an import specifier of `from` to a file of web/src, or null (packages, @contracts). */
function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = join(webSrc, spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The web/src modules `file` imports statically and that stay in the output (not type-only). */
export function staticImports(file: string, source = readFileSync(file, "utf8")): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(STATIC_IMPORT)) {
    const [, , typeOnly, clause, spec] = m;
    if (typeOnly || !spec) continue;
    // `import { type A, type B } from "x"`: only types, dropped by the build.
    const named = clause?.trim().match(/^\{([\s\S]*)\}$/)?.[1];
    const specifiers = named
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (specifiers?.length && specifiers.every((s) => s.startsWith("type "))) continue;
    const target = resolveImport(file, spec);
    if (target) out.push(target);
  }
  return out;
}

const owners = new WeakMap<TextPart[], Map<string, string>>();

/** Each key's part file, built once per list of parts (partsUsed runs once per module). */
function ownersOf(parts: TextPart[]): Map<string, string> {
  let ownerOf = owners.get(parts);
  if (!ownerOf) {
    ownerOf = new Map(parts.flatMap((part) => part.keys.map((key) => [key, part.file] as const)));
    owners.set(parts, ownerOf);
  }
  return ownerOf;
}

/** The parts `source` names keys of: full keys in quotes, and every part with a key under a template's head. */
export function partsUsed(source: string, parts: TextPart[]): Map<string, string> {
  const ownerOf = ownersOf(parts);
  const used = new Map<string, string>();
  for (const m of source.matchAll(/(["'`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g)) {
    const owner = ownerOf.get(m[2] as string);
    if (owner && !used.has(owner)) used.set(owner, m[2] as string);
  }
  for (const m of source.matchAll(/`([A-Za-z][\w.-]*)\$\{/g)) {
    const head = m[1] as string;
    if (!head.includes(".")) continue;
    for (const part of parts) {
      const key = part.keys.find((k) => k.startsWith(head));
      if (key && !used.has(part.file)) used.set(part.file, `${head}…`);
    }
  }
  return used;
}

/** A module and a part (paths under web/src). */
export type PartImport = { module: string; part: string };
/** A module that names a part's key without loading the part, with the key it names. */
export type MissingPart = PartImport & { key: string };

/** Every module whose static imports (transitively) miss a part it names a key of. */
export function missingParts(modules = consoleModules(), parts = englishParts()): MissingPart[] {
  // Each file is read and its imports parsed once, however many modules reach it.
  const sources = new Map<string, string>();
  const read = (file: string) => {
    const source = sources.get(file) ?? readFileSync(file, "utf8");
    sources.set(file, source);
    return source;
  };
  const importsOf = new Map<string, string[]>();
  const imports = (file: string) => {
    const known = importsOf.get(file) ?? staticImports(file, read(file));
    importsOf.set(file, known);
    return known;
  };
  const closure = (file: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [file];
    for (let next = stack.pop(); next; next = stack.pop()) {
      for (const dep of imports(next)) {
        if (!seen.has(dep)) {
          seen.add(dep);
          stack.push(dep);
        }
      }
    }
    return seen;
  };
  const missing: MissingPart[] = [];
  for (const module of modules) {
    const used = partsUsed(read(module), parts);
    if (used.size === 0) continue;
    const reached = closure(module);
    for (const [part, key] of used) {
      if (!reached.has(part)) missing.push({ module: relative(webSrc, module), part: relative(webSrc, part), key });
    }
  }
  return missing;
}

/** A module that imports a part directly without naming any of its keys (it would load texts for nothing). */
export function unusedPartImports(modules = consoleModules(), parts = englishParts()): PartImport[] {
  const partFiles = new Set(parts.map((part) => part.file));
  const unused: PartImport[] = [];
  for (const module of modules) {
    const source = readFileSync(module, "utf8");
    const used = partsUsed(source, parts);
    for (const dep of staticImports(module, source)) {
      if (partFiles.has(dep) && !used.has(dep)) {
        unused.push({ module: relative(webSrc, module), part: relative(webSrc, dep) });
      }
    }
  }
  return unused;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = missingParts();
  for (const { module, part, key } of missing)
    console.log(`${module}: import "@/${part.replace(/\.ts$/, "")}" (${key})`);
  const unused = unusedPartImports();
  for (const { module, part } of unused) console.log(`${module}: unused import "@/${part.replace(/\.ts$/, "")}"`);
  console.log(`${missing.length} missing, ${unused.length} unused`);
}

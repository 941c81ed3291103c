/**
 * The import directions between the top-level folders, checked over every tracked source file:
 * - contracts/ imports nothing of ours: the agent, the web app and outside clients build against it;
 * - web/ imports only contracts/ (the browser must never pull server or agent code);
 * - agent/ imports only contracts/ (it is shipped to devices alone);
 * - worker/ (the Worker and its Durable Object rooms) imports contracts/ and drizzle/ (its schema);
 * - drizzle/ imports only contracts/ (shared value lists).
 * scripts/ and tests/ may import anything: they drive the parts from outside. Build configuration
 * files at a folder's root (vite.config.ts, vitest.config.ts) are tooling, not the part itself.
 *
 * Every import counts, `import type` included: a type import is still a dependency a reader must
 * follow, and it is how cycles start. Exits 1 and lists each forbidden edge.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

/** Which top-level folders each part may import besides itself. */
export const ALLOWED: Record<string, readonly string[]> = {
  contracts: [],
  web: ["contracts"],
  agent: ["contracts"],
  worker: ["contracts", "drizzle"],
  drizzle: ["contracts"],
};

/** Path aliases some parts use in place of relative paths (web/tsconfig.json's `paths`). */
const ALIASES: Record<string, Array<[prefix: string, folder: string]>> = {
  web: [
    ["@contracts/", "contracts/"],
    ["@/", "web/src/"],
  ],
};

const TOOLING = /^[^/]+\/(?:vite|vitest|playwright)\.config\.ts$|^web\/build\//;

/** Comments out, so an import quoted in a comment is not an edge. Strings are left alone. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

const SPECIFIERS =
  /\b(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The repository paths `file`'s source imports, resolved (npm packages left out). */
export const importsOf = (file: string, source: string): string[] => {
  const top = file.split("/")[0];
  const out: string[] = [];
  for (const match of withoutComments(source).matchAll(SPECIFIERS)) {
    const specifier = match[1] ?? match[2];
    if (!specifier) continue;
    if (specifier.startsWith(".")) {
      out.push(relative(ROOT, resolve(ROOT, dirname(file), specifier)));
      continue;
    }
    const alias = ALIASES[top]?.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) out.push(join(alias[1], specifier.slice(alias[0].length)));
  }
  return out;
};

export type Violation = { file: string; imports: string };

/** The edges from `files` (path → source) that ALLOWED forbids. */
export const violations = (files: Map<string, string>): Violation[] => {
  const found: Violation[] = [];
  for (const [file, source] of files) {
    const top = file.split("/")[0];
    const allowed = ALLOWED[top];
    if (!allowed || TOOLING.test(file)) continue;
    for (const target of importsOf(file, source)) {
      const targetTop = target.split("/")[0];
      if (targetTop === top || allowed.includes(targetTop)) continue;
      found.push({ file, imports: target });
    }
  }
  return found;
};

if (import.meta.main) {
  const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
  const files = new Map<string, string>();
  for (const file of tracked) {
    try {
      files.set(file, readFileSync(join(ROOT, file), "utf8"));
    } catch {
      // listed by git but deleted in the working tree
    }
  }
  const found = violations(files);
  if (found.length) {
    console.error(`Forbidden import directions (${found.length}); allowed: ${JSON.stringify(ALLOWED)}`);
    for (const v of found) console.error(`  ${v.file} → ${v.imports}`);
    process.exit(1);
  }
  console.log(`Import directions: ${files.size} files, no forbidden edge.`);
}

/**
 * What a route's first load costs: the JS files the browser asks for when the page is opened (before
 * it renders, and right after without any input), from Vite's build manifest (web/dist/.vite/manifest.json, `build.manifest` in web/vite.config.ts).
 * Pure (no Node APIs) so tests/unit can run it on a tiny fake manifest.
 */

/** One manifest entry, as Vite writes it (only the fields used here). */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/**
 * A route's budget: `kb` of gzipped JS at most; `chunks` are the manifest keys (sources) its lazy pieces
 * load from before it renders; `after`, those it loads right after its first render without any input
 * (the space room's client): the browser asks for them in the same first load.
 */
export type RouteBudget = { kb: number; chunks: string[]; after?: string[] };
export type BudgetFile = { entry: string; routes: Record<string, RouteBudget> };

export type RouteSize = { route: string; files: string[]; bytes: number; budgetBytes: number };

/** Files (output paths) `keys` need: each chunk and, transitively, its static imports (never its dynamic ones). */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle budget: "${key}" is not in the build manifest (renamed or no longer lazy?)`);
    if (!files.includes(chunk.file)) files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * Per route, what the browser asks for on a first load: the page's classic scripts (`headScripts`,
 * index.html's `<script src>` without type=module, e.g. the theme and first-load scripts), the entry,
 * the route's lazy chunks and those it loads right after its first render, with all their static
 * imports, each file counted once, sized by `sizeOf` (gzip bytes of an output file). Only JS counts.
 */
export function routeSizes(
  manifest: Manifest,
  budget: BudgetFile,
  sizeOf: (file: string) => number,
  headScripts: string[] = [],
): RouteSize[] {
  return Object.entries(budget.routes).map(([route, { kb, chunks, after = [] }]) => {
    const loaded = staticClosure(manifest, [budget.entry, ...chunks, ...after]);
    const files = [...new Set([...headScripts, ...loaded])].filter((f) => /\.m?js$/.test(f));
    const bytes = files.reduce((sum, f) => sum + sizeOf(f), 0);
    return { route, files, bytes, budgetBytes: kb * 1024 };
  });
}

/**
 * A route whose first load carries another route's page: the file of a lazy chunk that some route
 * lists and this one does not (its page module imported statically instead of lazily). One line each.
 */
export function crossRouteImports(manifest: Manifest, budget: BudgetFile): string[] {
  const pageFile = new Map<string, string>();
  for (const { chunks } of Object.values(budget.routes)) {
    for (const key of chunks) if (manifest[key]) pageFile.set(manifest[key].file, key);
  }
  const out: string[] = [];
  for (const [route, { chunks, after = [] }] of Object.entries(budget.routes)) {
    for (const file of staticClosure(manifest, [budget.entry, ...chunks, ...after])) {
      const key = pageFile.get(file);
      if (key && !chunks.includes(key)) out.push(`${route}: its first load carries ${key} (another route's page)`);
    }
  }
  return out;
}

/** index.html's classic scripts (`<script src>` without type="module"), as output paths. */
export function headScriptsOf(html: string): string[] {
  const out: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (/type\s*=\s*["']?module/.test(tag)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/.exec(tag)?.[1];
    if (src && !/^[a-z]+:/i.test(src)) out.push(src.replace(/^\//, ""));
  }
  return out;
}

/** One line per route over its budget, naming route, size and budget; empty when all fit. */
export function overBudget(sizes: RouteSize[]): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return sizes
    .filter((s) => s.bytes > s.budgetBytes)
    .map((s) => `${s.route}: first load ${kb(s.bytes)} gzip of JS is over its budget of ${kb(s.budgetBytes)}`);
}

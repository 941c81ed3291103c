/**
 * What a route's first load costs: the JS files the browser needs before the page can render,
 * from Vite's build manifest (web/dist/.vite/manifest.json, `build.manifest` in web/vite.config.ts).
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

/** A route's budget: `kb` of gzipped JS at most; `chunks` are the manifest keys (sources) its lazy pieces load from. */
export type RouteBudget = { kb: number; chunks: string[] };
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
 * Per route: the entry, the route's lazy chunks, and all their static imports, each file counted once,
 * sized by `sizeOf` (gzip bytes of an output file). Only JS counts.
 */
export function routeSizes(manifest: Manifest, budget: BudgetFile, sizeOf: (file: string) => number): RouteSize[] {
  return Object.entries(budget.routes).map(([route, { kb, chunks }]) => {
    const files = staticClosure(manifest, [budget.entry, ...chunks]).filter((f) => /\.m?js$/.test(f));
    const bytes = files.reduce((sum, f) => sum + sizeOf(f), 0);
    return { route, files, bytes, budgetBytes: kb * 1024 };
  });
}

/** One line per route over its budget, naming route, size and budget; empty when all fit. */
export function overBudget(sizes: RouteSize[]): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return sizes
    .filter((s) => s.bytes > s.budgetBytes)
    .map((s) => `${s.route}: first load ${kb(s.bytes)} gzip of JS is over its budget of ${kb(s.budgetBytes)}`);
}

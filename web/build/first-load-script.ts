import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { minify, type Plugin, transformWithOxc } from "vite";
import type { FirstLoadConfig, FirstLoadRoute } from "../src/boot/first-load.ts";

/** A path of the console, the lazy modules (paths under web/) its first load renders, and its first data. */
export type FirstLoadPath = { path: string; chunks: string[]; data?: FirstLoadRoute["data"] };

type OutputChunk = {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * index.html's first-load script (web/src/boot/first-load.ts): the page's chunks asked for before
 * the entry has run, and a signed-in page's first requests started with the stored session. The
 * build turns the script's TypeScript into a classic script, appends the table of `paths` (each
 * path's chunk files and their static imports, less what the entry already loads, and their
 * styles) and emits it as a content-hashed asset, loaded from the head of index.html only (never
 * the API reference's page). `vite dev` has none: its modules are not bundled.
 */
export function firstLoadScript(source: string, paths: FirstLoadPath[]) {
  let fileName: string | null = null;
  const plugin: Plugin = {
    name: "outpost-first-load-script",
    apply: "build",
    generateBundle: {
      order: "pre",
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk") as unknown as OutputChunk[];
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: OutputChunk[]) => {
          const seen = new Set<OutputChunk>();
          const stack = [...start];
          while (stack.length > 0) {
            const chunk = stack.pop() as OutputChunk;
            if (seen.has(chunk)) continue;
            seen.add(chunk);
            for (const file of chunk.imports) {
              const next = byFile.get(file);
              if (next) stack.push(next);
            }
          }
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith("/index.html"));
        if (!entry) this.error("first-load script: no chunk for index.html");
        const loaded = closure([entry]);
        const find = (module: string) => {
          const chunk =
            chunks.find((c) => c.facadeModuleId?.endsWith(module)) ??
            chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) this.error(`first-load script: no chunk holds ${module}`);
          return chunk;
        };
        const entryCss = new Set([...loaded].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]));
        const files: string[] = [];
        const indexOf = (file: string) => {
          if (!files.includes(file)) files.push(file);
          return files.indexOf(file);
        };
        const routes: FirstLoadRoute[] = paths.map(({ path, chunks: modules, data }) => {
          const needed = [...closure(modules.map(find))].filter((c) => !loaded.has(c));
          const styles = needed
            .flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])
            .filter((f) => !entryCss.has(f));
          const own = [...new Set([...needed.map((c) => c.fileName), ...styles])];
          return { path, files: own.map((f) => indexOf(`/${f}`)), ...(data ? { data } : {}) };
        });
        const config: FirstLoadConfig = { files, routes };
        const { code } = await transformWithOxc(readFileSync(source, "utf8"), source, { lang: "ts" });
        if (/^\s*import\s/m.test(code))
          this.error("first-load script: it must not import anything (it is not a module)");
        // A classic script: its exports are plain functions of one closure, called with the table.
        const body = code.replace(/^export\s+/gm, "");
        const wrapped = `(function () {\n${body}\nstartFirstLoad(${JSON.stringify(config)});\n})();\n`;
        const script = (await minify("first-load.js", wrapped)).code;
        const hash = createHash("sha256").update(script).digest("base64url").slice(0, 8);
        fileName = `assets/first-load-${hash}.js`;
        this.emitFile({ type: "asset", fileName, source: script });
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!fileName || !ctx.path.endsWith("/index.html")) return;
        // At the top of the head (after the charset): it is asked for before the entry's files, and runs
        // before any stylesheet has loaded (a classic script after a stylesheet waits for it).
        const tag = `<script src="/${fileName}"></script>`;
        return html.replace(/<meta charset[^>]*>/i, (meta) => `${meta}\n    ${tag}`);
      },
    },
  };
  return plugin;
}

import type { Plugin } from "vite";

/**
 * The modules a lazy root loads statically, kept in one chunk (gzip compresses one file
 * better than the many small shared chunks automatic splitting makes, and the browser makes fewer
 * requests). Automatic splitting cannot do it alone: the signed-in shell and each list page are
 * separate dynamic imports, so a module both import gets a chunk of its own even though no page
 * loads one without the other.
 *
 * `root` is the lazy module (e.g. src/app/lazy/signed-in.ts); modules also reached statically from
 * an `outside` root (a page that loads without the root: sign-in, wall screen) stay where automatic
 * splitting puts them, so those pages do not download the root's chunk. The console entry's own
 * static graph is not taken either (the entry's group holds it).
 */
/** Style modules stay with Vite's CSS handling. */
const STYLE = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/;

export function staticGroup(root: string, outside: readonly string[]) {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: "outpost-static-group",
    apply: "build",
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const reach = (start: string | undefined, into: Set<string>) => {
        const stack = start ? [start] : [];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (into.has(id)) continue;
          into.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
        return into;
      };
      const rootId = find(root);
      if (!rootId) this.error(`staticGroup: no module ends with ${root}`);
      const excluded = new Set<string>();
      reach(find("/index.html"), excluded);
      for (const other of outside) {
        const id = find(other);
        if (!id) this.error(`staticGroup: no module ends with ${other}`);
        reach(id, excluded);
      }
      for (const id of reach(rootId, new Set())) if (!excluded.has(id) && !STYLE.test(id)) members.add(id);
    },
  };
  return { plugin, test: (id: string) => members.has(id) };
}

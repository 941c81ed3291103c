import { describe, expect, it } from "vitest";
import { staticGroup } from "../../web/build/first-load-chunks.ts";

// A tiny module graph: the entry (index.html → main) lazily loads the signed-in shell, the device
// list and the sign-in page; the shell and the list share a toolbar, the sign-in page shares a
// button with the shell.
const graph: Record<string, string[]> = {
  "/w/index.html": ["/w/src/main.tsx"],
  "/w/src/main.tsx": ["/w/src/lib/api.ts"],
  "/w/src/lib/api.ts": [],
  "/w/src/app/lazy/signed-in.ts": [
    "/w/src/app/sidebar.tsx",
    "/w/src/toolbar.tsx",
    "/w/src/lib/api.ts",
    "/w/src/app.css",
  ],
  "/w/src/app/sidebar.tsx": ["/w/src/button.tsx"],
  "/w/src/toolbar.tsx": [],
  "/w/src/button.tsx": [],
  "/w/src/app.css": [],
  "/w/src/app/lazy/devices.ts": ["/w/src/toolbar.tsx"],
  "/w/src/app/lazy/public.ts": ["/w/src/button.tsx"],
};

function run(outside: string[]) {
  const group = staticGroup("/src/app/lazy/signed-in.ts", outside);
  const errors: string[] = [];
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id] } : null),
    error: (message: string) => {
      errors.push(message);
      throw new Error(message);
    },
  };
  (group.plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  return { group, errors };
}

describe("staticGroup (web/build/first-load-chunks.ts)", () => {
  it("takes the root's static imports, not the entry's, an outside page's, or styles", () => {
    const { group } = run(["/src/app/lazy/public.ts"]);
    const taken = Object.keys(graph).filter((id) => group.test(id));
    expect(taken).toEqual(["/w/src/app/lazy/signed-in.ts", "/w/src/app/sidebar.tsx", "/w/src/toolbar.tsx"]);
  });

  it("fails the build when a named root is gone (a renamed file would silently drop the group)", () => {
    expect(() => run(["/src/app/lazy/renamed.ts"])).toThrow(/no module ends with \/src\/app\/lazy\/renamed.ts/);
  });
});

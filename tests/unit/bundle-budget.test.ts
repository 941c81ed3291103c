import { describe, expect, it } from "vitest";
import {
  type BudgetFile,
  crossRouteImports,
  headScriptsOf,
  type Manifest,
  overBudget,
  routeSizes,
  staticClosure,
} from "../../scripts/lib/bundle-budget.ts";

// A tiny build: the entry shares react with two routes; /devices lazily loads a QR scanner it must not count.
const manifest: Manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_react.js"], dynamicImports: ["src/devices.ts"] },
  "_react.js": { file: "assets/react.js" },
  "_ui.js": { file: "assets/ui.js", imports: ["_react.js"] },
  "src/devices.ts": {
    file: "assets/devices.js",
    isDynamicEntry: true,
    imports: ["_ui.js", "_react.js"],
    dynamicImports: ["src/qr.ts"],
  },
  "src/qr.ts": { file: "assets/qr.js", isDynamicEntry: true, imports: ["_ui.js"] },
  "src/login.ts": { file: "assets/login.js", isDynamicEntry: true, imports: ["_react.js", "_login.css"] },
  "_login.css": { file: "assets/login.css" },
};
const sizes: Record<string, number> = {
  "assets/index.js": 10_240,
  "assets/react.js": 51_200,
  "assets/ui.js": 20_480,
  "assets/devices.js": 30_720,
  "assets/qr.js": 40_960,
  "assets/login.js": 5_120,
  "assets/login.css": 99_999,
};
const sizeOf = (file: string) => sizes[file] ?? Number.NaN;

describe("bundle budget", () => {
  it("follows static imports once each, never dynamic ones", () => {
    expect(staticClosure(manifest, ["index.html", "src/devices.ts"])).toEqual([
      "assets/index.js",
      "assets/react.js",
      "assets/devices.js",
      "assets/ui.js",
    ]);
  });

  it("sizes each route as the entry plus its lazy chunks and their static imports (JS only)", () => {
    const budget: BudgetFile = {
      entry: "index.html",
      routes: { "/devices": { kb: 110, chunks: ["src/devices.ts"] }, "/login": { kb: 70, chunks: ["src/login.ts"] } },
    };
    const [devices, login] = routeSizes(manifest, budget, sizeOf);
    expect(devices).toMatchObject({ route: "/devices", bytes: 110 * 1024, budgetBytes: 110 * 1024 });
    expect(login).toMatchObject({
      route: "/login",
      bytes: 65 * 1024,
      files: ["assets/index.js", "assets/react.js", "assets/login.js"],
    });
    expect(overBudget([devices, login])).toEqual([]);
  });

  it("names the route, its size and its budget when over", () => {
    const budget: BudgetFile = { entry: "index.html", routes: { "/devices": { kb: 100, chunks: ["src/devices.ts"] } } };
    expect(overBudget(routeSizes(manifest, budget, sizeOf))).toEqual([
      "/devices: first load 110.0 KB gzip of JS is over its budget of 100.0 KB",
    ]);
  });

  it("counts what the browser asks for: index.html's classic scripts and what loads right after the first render", () => {
    const html = `<head><script src="/assets/first-load-x.js"></script><script src="/theme-init.js"></script>
      <script type="module" crossorigin src="/assets/index.js"></script></head>`;
    expect(headScriptsOf(html)).toEqual(["assets/first-load-x.js", "theme-init.js"]);
    const budget: BudgetFile = {
      entry: "index.html",
      routes: { "/login": { kb: 200, chunks: ["src/login.ts"], after: ["src/qr.ts"] } },
    };
    const [login] = routeSizes(manifest, budget, (f) => (f === "theme-init.js" ? 1024 : sizeOf(f)), ["theme-init.js"]);
    expect(login.files).toEqual([
      "theme-init.js",
      "assets/index.js",
      "assets/react.js",
      "assets/login.js",
      "assets/qr.js",
      "assets/ui.js",
    ]);
    expect(login.bytes).toBe((1 + 65 + 40 + 20) * 1024);
  });

  it("names a route whose first load carries another route's page", () => {
    const crossing: Manifest = {
      ...manifest,
      "src/login.ts": { file: "assets/login.js", isDynamicEntry: true, imports: ["src/devices.ts"] },
    };
    const budget: BudgetFile = {
      entry: "index.html",
      routes: { "/devices": { kb: 1, chunks: ["src/devices.ts"] }, "/login": { kb: 1, chunks: ["src/login.ts"] } },
    };
    expect(crossRouteImports(manifest, budget)).toEqual([]);
    expect(crossRouteImports(crossing, budget)).toEqual([
      "/login: its first load carries src/devices.ts (another route's page)",
    ]);
  });

  it("fails loudly on a chunk the manifest does not have", () => {
    const budget: BudgetFile = { entry: "index.html", routes: { "/gone": { kb: 1, chunks: ["src/gone.ts"] } } };
    expect(() => routeSizes(manifest, budget, sizeOf)).toThrow(/"src\/gone.ts" is not in the build manifest/);
  });
});

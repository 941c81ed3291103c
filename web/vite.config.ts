import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { contractRoutes } from "./build/contract-routes.ts";
import { staticGroup } from "./build/first-load-chunks.ts";
import { type FirstLoadPath, firstLoadScript } from "./build/first-load-script.ts";
import { gazetteer } from "./build/gazetteer.ts";
import { loginPrerender } from "./build/login-prerender.ts";

const backend = process.env.OUTPOST_BACKEND ?? "http://localhost:8787";
const webRoot = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
// The signed-in shell's static imports in one chunk (web/build/first-load-chunks.ts), except
// those the sign-in page, a wall screen or a health report (which open without the shell) load too.
const withoutShell = [
  "/src/app/lazy/public.ts",
  "/src/app/lazy/public-info.ts",
  "/src/features/wall/wall-route.tsx",
  "/src/features/monitor/report/report-flyout.tsx",
];
const signedIn = staticGroup("/src/app/lazy/signed-in.ts", withoutShell);
// The realtime client (lib/realtime/realtime.ts) loads right after every signed-in page's first render. Its
// cache handlers import the pages' query modules, which automatic splitting then copied into both its chunk
// and the page's (−1.2 KB on /devices). They join the shell's chunk; the socket (partysocket) stays lazy.
const realtimeHandlers = staticGroup("/src/lib/realtime/realtime.ts", [
  ...withoutShell,
  "/src/lib/realtime/room-socket.ts",
]);
const inSignedIn = (id: string) =>
  signedIn.test(id) || (realtimeHandlers.test(id) && !id.endsWith("/src/lib/realtime/realtime.ts"));

// The paths index.html's first-load script starts early (web/src/boot/first-load.ts): each one's lazy
// chunks (as app/router.tsx renders them) and the data it asks for first.
const lazy = (name: string) => `/src/app/lazy/${name}.ts`;
const signedInPage = (...names: string[]) => [lazy("signed-in"), ...names.map(lazy)];
const firstLoadPaths: FirstLoadPath[] = [
  { path: "/login", chunks: [lazy("public")] },
  { path: "/wall", chunks: ["/src/features/wall/wall-route.tsx"], data: "wall" },
  { path: "/", chunks: signedInPage("assets", "devices"), data: "devices" },
  { path: "/devices", chunks: signedInPage("assets", "devices"), data: "devices" },
  { path: "/locations", chunks: signedInPage("assets", "locations"), data: "me" },
  { path: "/groups", chunks: signedInPage("assets", "groups"), data: "me" },
  { path: "/accounts", chunks: signedInPage("accounts"), data: "me" },
  { path: "/access", chunks: signedInPage("access"), data: "me" },
  { path: "/activity", chunks: signedInPage("monitor"), data: "me" },
  { path: "/performance", chunks: signedInPage("monitor"), data: "me" },
  { path: "/applications", chunks: signedInPage("admin"), data: "me" },
  { path: "/runners", chunks: signedInPage("admin"), data: "me" },
];

const alias = [
  // Exactly "zod" (not "zod/v4", which the wrapper imports): zod without its eval probe (CSP).
  { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/api/zod-csp.ts", import.meta.url)) },
  { find: "@contracts", replacement: fileURLToPath(new URL("../contracts", import.meta.url)) },
  { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
];

// Vite needs a default export here.
export default defineConfig({
  root: webRoot,
  // contractRoutes: the production build bundles each route of contracts/api as its method and path only (no zod).
  plugins: [
    react(),
    tailwindcss(),
    contractRoutes(fileURLToPath(new URL("../contracts/", import.meta.url))),
    signedIn.plugin,
    realtimeHandlers.plugin,
    // Place search without a configured geocoder: GeoNames' cities in a lazy chunk.
    gazetteer(),
    firstLoadScript(fileURLToPath(new URL("./src/boot/first-load.ts", import.meta.url)), firstLoadPaths),
    // dist/login.html: index.html with the sign-in page's first paint in it (served for /login).
    loginPrerender({ root: webRoot, alias, module: "/src/boot/login-markup.tsx" }),
  ],
  resolve: { alias },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/check-bundle.ts sizes each route's first load from it (web/bundle-budget.json).
    manifest: true,
    // Two pages: the console, and the API reference (/api/docs, served by the Worker), an entry
    // of its own so its renderer (Swagger UI) never enters the console's bundle.
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        "api-docs": fileURLToPath(new URL("./api-docs.html", import.meta.url)),
      },
      // With a lazy chunk per route, automatic splitting made ~100 tiny shared chunks for /devices
      // (one per combination of routes using a module); common chunks under 16 KiB (source) are copied into
      // their users instead (one shared runtime keeps a single module state).
      preserveEntrySignatures: false,
      // English text parts (web/src/lib/i18n/locales/en-*.ts) are never copied: a part shared by a page and its lazy
      // chunks would otherwise be downloaded once per chunk. (The style pattern is Vite's own exclude, kept.)
      output: {
        codeSplitting: {
          // One chunk for everything the console's entry loads statically (it was 13 files, all loaded by every
          // page: −9 KB gzip), and one for the signed-in shell's (−6 KB): gzip does better on one file. The
          // entry's libraries (React, the router, TanStack Query…) are a chunk of their own (+0.2 KB) that a
          // deployment changing only the app's code leaves cached.
          groups: [
            { name: "vendor", tags: ["$initial"], test: /[\\/]node_modules[\\/](?!swagger-ui)/, priority: 1 },
            { name: "shell", tags: ["$initial"], test: /^(?!.*(swagger-ui|api-docs))/ },
            { name: "signed-in", test: inSignedIn, includeDependenciesRecursively: false },
          ],
          experimentalInlineCommonChunks: {
            maxSize: 16 * 1024,
            exclude: [/\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/, /[\\/]locales[\\/]en-[\w-]+\.ts$/],
          },
        },
      },
    },
  },
  server: {
    port: 5173,
    // The SPA imports schemas from ../contracts (never from ../party: the rooms are server code).
    fs: { allow: [repoRoot] },
    proxy: {
      "^/api/": { target: backend, changeOrigin: true },
      "^/auth/": { target: backend, changeOrigin: true },
      // A regex: a plain "/dev" prefix would also swallow the SPA's /devices routes.
      "^/dev(/|$)": { target: backend, changeOrigin: true },
      "^/parties/": { target: backend, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173 },
});

import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const backend = process.env.OUTPOST_BACKEND ?? "http://localhost:8787";
const webRoot = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));

// Vite needs a default export here.
export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@contracts": fileURLToPath(new URL("../contracts", import.meta.url)),
      "@party": fileURLToPath(new URL("../party", import.meta.url)),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    // The SPA imports schemas from ../contracts and ../party/protocol.ts.
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

/**
 * Wrangler's own copy of the local runtime (the Miniflare and workerd `wrangler dev` runs), not
 * another package's: scripts/serve.ts serves the console with it, the fan-out bench its floor.
 */
import { createRequire } from "node:module";

const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler"));

export const wrangler = fromWrangler("wrangler") as typeof import("wrangler");

/**
 * Its Miniflare. Wrangler's takes its options in a newer shape; convertV4MiniflareOptions turns the
 * classic one (and unstable_getMiniflareWorkerOptions' workers) into it.
 */
export const { Miniflare, Log, LogLevel, convertV4MiniflareOptions } = fromWrangler(
  "miniflare",
) as typeof import("miniflare") & {
  convertV4MiniflareOptions: (options: unknown) => ConstructorParameters<typeof import("miniflare").Miniflare>[0];
};

/**
 * The SPA's "zod": web/vite.config.ts resolves every `from "zod"` (the SPA's and the shared
 * contracts') to this module, so the config below runs before any schema is built, whatever
 * order the bundler gives the chunks. Without it, building the first z.object probes
 * `new Function("")` to pick zod's JIT parser, and the Content-Security-Policy (no
 * 'unsafe-eval') reports that as a securitypolicyviolation even though zod catches the error.
 */
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { z } from "zod/v4";

import { applyD1Migrations, env } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

// Idempotent: applies only what is not applied yet, so every test file can run it.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

import { createMiddleware } from "hono/factory";
import { productionConfigProblems } from "../config.ts";
import type { AppEnv, Env } from "../env.ts";

const checked = new WeakMap<object, string[]>();

/** productionConfigProblems once per env object, logged the first time. */
function problemsOf(env: Env): string[] {
  let problems = checked.get(env);
  if (!problems) {
    problems = productionConfigProblems(env);
    if (problems.length) console.error(`Outpost is not configured for production: ${problems.join("; ")}`);
    checked.set(env, problems);
  }
  return problems;
}

/**
 * A production Worker whose configuration is incomplete answers every request 503 (health check
 * included) instead of serving with a placeholder origin or a Host-derived issuer. worker/index.ts
 * also refuses to start with it, which makes the deploy itself fail.
 */
export const productionGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (problemsOf(c.env).length === 0) return next();
  return c.json(
    { code: "unavailable", message: "The console is not configured for production.", request_id: c.var.requestId },
    503,
  );
});

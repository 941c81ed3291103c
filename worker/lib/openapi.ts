import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { publicBodyLimit } from "./body-limits.ts";
import { ApiError, fieldErrorsOfInput } from "./errors.ts";
import { requireJsonBody } from "./validate-input.ts";

/**
 * A router for routes defined in contracts/api: input that fails a route's schema answers the
 * spec's 400 with field errors ("Required" only for absent values), as validateInput does.
 */
export const openApiRouter = () =>
  new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: (result) => {
      if (!result.success) {
        throw new ApiError(
          "validation_error",
          "There are validation errors.",
          fieldErrorsOfInput(result.error, (result as { data?: unknown }).data),
        );
      }
    },
  });

/**
 * A contract route with the Worker's middleware (role and flag checks) in front of its
 * validators; a route with a JSON body also gets the JSON guard (415 for other media types,
 * 400 for malformed or too deeply nested JSON) before the body is validated, and a route without
 * sign-in a body limit (413) before anything else.
 */
export function guarded<R extends RouteConfig>(route: R, ...middleware: MiddlewareHandler<AppEnv>[]): R {
  // A route without sign-in (`security: []`) reads at most PUBLIC_BODY_LIMIT bytes, first of all.
  const limit: MiddlewareHandler<AppEnv>[] =
    Array.isArray(route.security) && route.security.length === 0 ? [publicBodyLimit] : [];
  const guard: MiddlewareHandler<AppEnv>[] = route.request?.body ? [requireJsonBody] : [];
  return { ...route, middleware: [...limit, ...middleware, ...guard] };
}

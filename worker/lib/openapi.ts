import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
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
 * 400 for malformed JSON) before the body is validated.
 */
export function guarded<R extends RouteConfig>(route: R, ...middleware: MiddlewareHandler<AppEnv>[]): R {
  const guard: MiddlewareHandler<AppEnv>[] = route.request?.body ? [requireJsonBody] : [];
  return { ...route, middleware: [...middleware, ...guard] };
}

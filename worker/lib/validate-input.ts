import { zValidator } from "@hono/zod-validator";
import type { Context, MiddlewareHandler, ValidationTargets } from "hono";
import type { z } from "zod";
import { jsonNestsDeeper, TOO_DEEP_MESSAGE } from "./body-limits.ts";
import { ApiError, fieldErrorsOfInput } from "./errors.ts";

/** application/json and any +json type; parameters (charset) are allowed. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export const NOT_JSON_MESSAGE = "Send the request body as JSON (Content-Type: application/json).";
export const MALFORMED_JSON_MESSAGE = "The request body is not valid JSON.";

/**
 * Guards a JSON body before zValidator reads it: hono's validator takes a body of any other
 * Content-Type as `{}` (a PATCH sent as text/plain "succeeded" without changing anything) and
 * answers malformed JSON with a bare HTTPException. JSON nested past MAX_JSON_DEPTH is refused
 * (400) before it is parsed. A request without a body still validates `{}`,
 * so body-less clients of routes whose schema accepts `{}` keep working. The text read here is
 * cached by hono, so zValidator parses the same body.
 */
async function checkJsonBody(c: Context) {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0].trim();
  if (JSON_MEDIA_TYPE.test(mediaType)) {
    const text = await c.req.text();
    // Counted before parsing: a body nested thousands of levels deep is refused unparsed.
    if (jsonNestsDeeper(text)) throw new ApiError("bad_request", TOO_DEEP_MESSAGE);
    try {
      JSON.parse(text);
    } catch {
      throw new ApiError("bad_request", MALFORMED_JSON_MESSAGE);
    }
    return;
  }
  if (c.req.raw.body !== null && (await c.req.text()) !== "") {
    throw new ApiError("unsupported_media_type", NOT_JSON_MESSAGE);
  }
}

/** The JSON guard as a middleware, for routes whose body a router validates (worker/lib/openapi.ts). */
export const requireJsonBody: MiddlewareHandler = async (c, next) => {
  await checkJsonBody(c);
  await next();
};

/**
 * validate(target, schema) whose field errors are computed against the raw input: "Required"
 * only for absent values (a value of the wrong type gets the schema's own message), and errors
 * inside a list of objects (the working-time days) come back as a list aligned with its entries.
 * For the "json" target the body must be sent as JSON (415 otherwise, 400 when malformed).
 */
export const validateInput = <T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) => {
  const check = zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new ApiError(
        "validation_error",
        "There are validation errors.",
        fieldErrorsOfInput(result.error, result.data),
      );
    }
  });
  if (target !== "json") return check;
  const guarded: typeof check = async (c, next) => {
    await checkJsonBody(c);
    return check(c, next);
  };
  return guarded;
};

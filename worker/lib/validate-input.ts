import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { ApiError, fieldErrorsOfInput } from "./errors.ts";

/**
 * validate(target, schema) whose field errors are computed against the raw input: "Required"
 * only for absent values (a value of the wrong type gets the schema's own message), and errors
 * inside a list of objects (the working-time days) come back as a list aligned with its entries.
 */
export const validateInput = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new ApiError(
        "validation_error",
        "There are validation errors.",
        fieldErrorsOfInput(result.error, result.data),
      );
    }
  });

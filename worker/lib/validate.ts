import { validateInput } from "./validate-input.ts";

/**
 * zValidator whose failures become the API's 400 with field errors. One implementation:
 * validateInput computes errors against the raw input ("Required" only for absent values).
 */
export const validate = validateInput;

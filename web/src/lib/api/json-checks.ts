/*
 * Checks of the JSON the console reads before any page is shown: the stored session, the token
 * endpoint's replies, API error bodies, realtime patches, remembered palette picks. Plain
 * predicates, so the first load carries no validation library (even zod/mini's core is
 * ≈ 15 KB gzip of the 170 KB goal). Forms and lazy pages keep zod. Each check is written next to
 * what it checks and typed by the contract type it stands for.
 */

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const isString = (value: unknown): value is string => typeof value === "string";

export const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

export const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** Whether `value` is null or passes `check`. */
export const isNullOr =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || check(value);

/** Whether `value` is one of `choices`. */
export const isOneOf = <const T extends string>(choices: readonly T[], value: unknown): value is T =>
  (choices as readonly unknown[]).includes(value);

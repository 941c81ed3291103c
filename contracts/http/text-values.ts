/** Text limits. Free of zod (contracts/values: what the console's first load may import). */

/**
 * Longest search/name filter of the lists and exports. Searches run as `instr()` (no LIKE
 * pattern limit), but a cap keeps a query string from being an arbitrary scan key.
 */
export const SEARCH_MAX = 100;
